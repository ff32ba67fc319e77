import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What both of `URLSessionClient`'s initializers set up alike: the caller's choices, the
/// session's delegate, and the overall deadline (none when it is 0, negative or a day or
/// more).
struct ClientSetup {
  let requestAdapter: RequestAdapter
  let completionQueue: DispatchQueue
  let responseObserver: ResponseObserver?
  let maximumResponseSize: Int?
  let retryPolicy: RetryPolicy?
  let sessionDelegate: SessionDelegate
  let deadline: TimeInterval?

  init(
    _ requestAdapter: RequestAdapter, _ completionQueue: DispatchQueue,
    _ responseObserver: ResponseObserver?, _ maximumResponseSize: Int?,
    _ retryPolicy: RetryPolicy?, delegate: URLSessionDelegate?,
    requestLifeObserver: RequestLifeObserver?, deadline: TimeInterval?
  ) {
    self.requestAdapter = requestAdapter
    self.completionQueue = completionQueue
    self.responseObserver = responseObserver
    self.maximumResponseSize = maximumResponseSize
    self.retryPolicy = retryPolicy
    sessionDelegate = SessionDelegate(
      forwardingTo: delegate, maximumResponseSize: maximumResponseSize,
      lifeReporter: requestLifeObserver.map { RequestLifeReporter(observer: $0) })
    self.deadline = deadline.flatMap { $0 > 0 && $0 < 86_400 ? $0 : nil }
  }
}
