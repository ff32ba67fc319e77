import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` and `ConcurrencyClient` over one long-lived `URLSession`.
///
/// Work runs in this order: `makeRequest`, `adapt`, send, `validate` (HTTP responses only),
/// `content(from:with:)`. `configuration.timeoutIntervalForResource` is enforced by the client
/// as an overall deadline, since Foundation on Linux ignores it.
open class URLSessionClient: Client, ConcurrencyClient, @unchecked Sendable {
  /// The adapter every request passes through before it is sent.
  public let requestAdapter: RequestAdapter
  /// The session all requests share.
  public let session: URLSession
  /// The queue completion handlers run on.
  public let completionQueue: DispatchQueue
  /// The largest response body accepted, in bytes; `nil` for no limit.
  public let maximumResponseSize: Int?

  private let responseObserver: ResponseObserver?
  private let sessionDelegate: SessionDelegate
  private let deadline: TimeInterval?
  private let timerQueue = DispatchQueue(label: "ApexyHTTP.URLSessionClient.deadline")

  /// Creates a client whose relative request URLs resolve against `baseURL`.
  public convenience init(
    baseURL: URL,
    configuration: URLSessionConfiguration = .default,
    delegate: URLSessionDelegate? = nil,
    completionQueue: DispatchQueue = .main,
    responseObserver: ResponseObserver? = nil,
    maximumResponseSize: Int? = nil
  ) {
    self.init(
      requestAdapter: BaseRequestAdapter(baseURL: baseURL), configuration: configuration,
      delegate: delegate, completionQueue: completionQueue, responseObserver: responseObserver,
      maximumResponseSize: maximumResponseSize)
  }

  /// Creates a client that passes every request through `requestAdapter`.
  public init(
    requestAdapter: RequestAdapter,
    configuration: URLSessionConfiguration = .default,
    delegate: URLSessionDelegate? = nil,
    completionQueue: DispatchQueue = .main,
    responseObserver: ResponseObserver? = nil,
    maximumResponseSize: Int? = nil
  ) {
    self.requestAdapter = requestAdapter
    self.completionQueue = completionQueue
    self.responseObserver = responseObserver
    self.maximumResponseSize = maximumResponseSize
    let resource = configuration.timeoutIntervalForResource
    self.deadline = resource > 0 && resource < 86_400 ? resource : nil
    let sessionDelegate = SessionDelegate(
      forwardingTo: delegate, maximumResponseSize: maximumResponseSize)
    self.sessionDelegate = sessionDelegate
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "ApexyHTTP.URLSessionClient"
    self.session = URLSession(
      configuration: Self.sessionConfiguration(configuration), delegate: sessionDelegate,
      delegateQueue: queue)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// The configuration the session gets: on Linux, a copy without `urlCache` that sends with
  /// `HTTPTransport.default` (libcurl unless changed).
  ///
  /// Foundation on Linux looks a data task up in its URL cache before loading it; a task
  /// cancelled during that lookup can have its cancellation delivered after the task completed,
  /// which traps the process. Without a cache the client cancels safely (and every request
  /// reaches the server, which is what a loader's reload means).
  private static func sessionConfiguration(
    _ configuration: URLSessionConfiguration
  ) -> URLSessionConfiguration {
    #if canImport(FoundationNetworking)
      guard let copy = configuration.copy() as? URLSessionConfiguration else {
        return configuration
      }
      copy.urlCache = nil
      copy.protocolClasses = HTTPTransport.default.protocolClasses(copy.protocolClasses)
      return copy
    #else
      return configuration
    #endif
  }

  // MARK: - Client

  /// Sends a request; the completion runs on `completionQueue`.
  open func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let box = Unchecked(completionHandler)
    return startRequest(endpoint) { [completionQueue] result in
      completionQueue.async { box.value(result.value) }
    }
  }

  /// Sends an upload; the completion runs on `completionQueue`.
  open func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let box = Unchecked(completionHandler)
    return startUpload(endpoint) { [completionQueue] result in
      completionQueue.async { box.value(result.value) }
    }
  }

  // MARK: - ConcurrencyClient

  /// Sends a request and returns its content; cancelling the task cancels the request.
  open func request<T: Endpoint>(_ endpoint: T) async throws -> T.Content {
    let endpointBox = Unchecked(endpoint)
    return try await bridge { self.startRequest(endpointBox.value, completion: $0) }
  }

  /// Sends an upload and returns its content; cancelling the task cancels the upload.
  open func upload<T: UploadEndpoint>(_ endpoint: T) async throws -> T.Content {
    let endpointBox = Unchecked(endpoint)
    return try await bridge { self.startUpload(endpointBox.value, completion: $0) }
  }

  // MARK: - Work

  private typealias Completion<C> = (Unchecked<APIResult<C>>) -> Void

  private func startRequest<T: Endpoint>(_ endpoint: T, completion: @escaping Completion<T.Content>)
    -> Progress
  {
    let progress = Progress(totalUnitCount: 1)
    let request: URLRequest
    do {
      request = try requestAdapter.adapt(endpoint.makeRequest())
    } catch {
      fail(error, request: nil, progress: progress, completion: completion)
      return progress
    }
    let task = session.dataTask(with: request)
    run(task, request: request, progress: progress, completion: completion) {
      if let http = $0.response as? HTTPURLResponse {
        try endpoint.validate(request, response: http, data: $0.data)
      }
      return try endpoint.content(from: $0.response, with: $0.data ?? Data())
    }
    return progress
  }

  private func startUpload<T: UploadEndpoint>(
    _ endpoint: T, completion: @escaping Completion<T.Content>
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    let request: URLRequest
    let task: URLSessionTask
    do {
      let (made, body) = try endpoint.makeRequest()
      request = try requestAdapter.adapt(made)
      task = try UploadTaskFactory.task(in: session, request: request, body: body)
    } catch {
      fail(error, request: nil, progress: progress, completion: completion)
      return progress
    }
    run(task, request: request, progress: progress, completion: completion) {
      if let http = $0.response as? HTTPURLResponse {
        try endpoint.validate(request, response: http, data: $0.data)
      }
      return try endpoint.content(from: $0.response, with: $0.data ?? Data())
    }
    return progress
  }

  private func run<C>(
    _ task: URLSessionTask, request: URLRequest, progress: Progress,
    completion: @escaping Completion<C>, decode: @escaping (TaskOutcome) throws -> C
  ) {
    let observer = responseObserver
    sessionDelegate.register(task) { outcome in
      let result = APIResult<C> {
        if let error = outcome.error { throw error }
        return try decode(outcome)
      }
      progress.completedUnitCount = 1
      observer?(request, outcome.response as? HTTPURLResponse, outcome.data, outcome.error)
      completion(Unchecked(result))
    }
    let delegate = sessionDelegate
    let taskBox = Unchecked(task)
    progress.cancellationHandler = {
      delegate.finishEarly(taskBox.value, error: URLError(.cancelled))
    }
    if let deadline {
      timerQueue.asyncAfter(deadline: .now() + deadline) {
        delegate.finishEarly(taskBox.value, error: URLError(.timedOut))
      }
    }
    task.resume()
    if progress.isCancelled {
      delegate.finishEarly(task, error: URLError(.cancelled))
    }
  }

  private func fail<C>(
    _ error: Error, request: URLRequest?, progress: Progress, completion: @escaping Completion<C>
  ) {
    let observer = Unchecked(responseObserver)
    let completion = Unchecked(completion)
    timerQueue.async {
      observer.value?(request, nil, nil, error)
      completion.value(Unchecked(.failure(error)))
    }
  }

  private func bridge<C>(_ start: (@escaping Completion<C>) -> Progress) async throws -> C {
    let holder = ProgressHolder()
    return try await withTaskCancellationHandler {
      let result: Unchecked<APIResult<C>> = await withCheckedContinuation { continuation in
        holder.set(start { continuation.resume(returning: $0) })
      }
      return try result.value.get()
    } onCancel: {
      holder.cancel()
    }
  }
}

/// Carries a value the compiler cannot prove `Sendable` across one queue hop; shared by the
/// package's modules (`package` access), not part of the public API.
package struct Unchecked<Value>: @unchecked Sendable {
  /// The value carried.
  package let value: Value
  /// Wraps `value`.
  package init(_ value: Value) { self.value = value }
}

/// Holds the progress of an async request so task cancellation can reach it.
private final class ProgressHolder: @unchecked Sendable {
  private let lock = NSLock()
  private var progress: Progress?
  private var cancelled = false

  func set(_ progress: Progress) {
    let cancelNow = lock.withLock {
      self.progress = progress
      return cancelled
    }
    if cancelNow { progress.cancel() }
  }

  func cancel() {
    let progress = lock.withLock {
      cancelled = true
      return self.progress
    }
    progress?.cancel()
  }
}
