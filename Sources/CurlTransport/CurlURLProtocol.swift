import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Answers `http://` and `https://` requests of a `URLSession` with libcurl, so a request that
/// waits for its answer sleeps instead of keeping a core busy.
///
/// Put it first in `URLSessionConfiguration.protocolClasses`. All loads share one libcurl multi
/// handle on a thread of its own: connections are kept alive and reused (HTTP/2 where the server
/// offers it), bodies are asked for compressed and decoded, proxies come from the environment as
/// curl reads them (`http_proxy`, `HTTPS_PROXY`, `NO_PROXY`…), and TLS uses the system trust
/// store, or `SSL_CERT_FILE`/`SSL_CERT_DIR` when set (read for every request). TLS failures map
/// to `URLError` codes as `CurlFailure` lists, each naming the host; `CurlPinning` pins public
/// keys. Foundation on Linux cannot hand a protocol's redirect back to the session, so this class
/// follows redirects itself (at most 16) and drops `Authorization` when one leaves the scheme,
/// host and port it started on. Upload tasks fail with `UploadUnsupported` (Foundation keeps
/// their bodies to itself); send bodies with data tasks and `httpBody`.
public final class CurlURLProtocol: URLProtocol {
  // Foundation on Linux keeps a session's tasks in a registry that only the session's work
  // queue may touch, and every `client` call reads it. Transfers finish on the engine thread, so
  // reports are queued to the task's work queue (which `startLoading()` and `stopLoading()` run
  // on too), in order; a report made there while other tasks of the session are added or removed
  // would race with them and crash. Foundation cancels by calling `stopLoading()` and then
  // reporting a cancellation itself, so a report never follows a stop, and `client` is `nil`
  // for the cancellation once the task has completed.
  private let lock = NSLock()
  private var stopped = false
  /// The task's work queue in Foundation; `nil` when it has none by that name, and then reports
  /// are made at once, under `lock`.
  private var workQueue: DispatchQueue?
  private var load: CurlLoad?

  /// Told as a request body goes out (bytes since the last call, in all, expected or -1), on
  /// the task's work queue in order with its other reports: Foundation on Linux gives a protocol no way to report sent bytes to
  /// its session, so a client that wants upload progress sets this once (`URLSessionClient`
  /// does). Set it before the first request.
  nonisolated(unsafe) public static var bodyBytesSent:
    (@Sendable (URLProtocol, Int64, Int64, Int64) -> Void)?

  /// Told about every transfer libcurl finishes (see `CurlTransferReport`: the HTTP version
  /// spoken, the connection used), on the transfer thread; `nil` (the default) for none.
  /// Tests and diagnostics use it to see HTTP/2 and connection reuse at work.
  public static var transferFinished: (@Sendable (CurlTransferReport) -> Void)? {
    get { TransferObserver.shared.current }
    set { TransferObserver.shared.current = newValue }
  }

  /// Takes every `http://` and `https://` request.
  override public class func canInit(with request: URLRequest) -> Bool {
    let scheme = request.url?.scheme?.lowercased()
    return scheme == "http" || scheme == "https"
  }

  /// The request as it is.
  override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  /// The loading system's client; `nil` once the task has completed.
  ///
  /// Foundation reports a cancellation on the queue that also removes completed tasks, so a
  /// task seen running here is still registered when that report arrives.
  override public var client: URLProtocolClient? {
    get { task?.state == .completed ? nil : super.client }
    set { super.client = newValue }
  }

  /// Hands the request to the libcurl engine.
  override public func startLoading() {
    let queue = task.flatMap(Self.workQueue(of:))
    lock.withLock { workQueue = queue }
    if task is URLSessionUploadTask {
      report { $0.urlProtocol(self, didFailWithError: UploadUnsupported()) }
      return
    }
    let load = CurlLoad(request: request)
    load.onResponse = { response in
      self.report { $0.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed) }
    }
    load.onData = { data in self.report { $0.urlProtocol(self, didLoad: data) } }
    load.onSent = { bytes, total, expected in
      guard let report = Self.bodyBytesSent else { return }
      self.report { _ in report(self, bytes, total, expected) }
    }
    load.onFinish = { error in
      // The load's handlers hold this protocol, and so its task and session: let go of it.
      self.lock.withLock { self.load = nil }
      if let error {
        self.report { $0.urlProtocol(self, didFailWithError: error) }
      } else {
        self.report { $0.urlProtocolDidFinishLoading(self) }
      }
    }
    let started = lock.withLock { () -> Bool in
      guard !stopped else { return false }
      self.load = load
      return true
    }
    if started { load.start() }
  }

  /// Stops the transfer; nothing more is reported.
  override public func stopLoading() {
    let load = lock.withLock { () -> CurlLoad? in
      stopped = true
      defer { self.load = nil }
      return self.load
    }
    load?.cancel()
  }

  /// Queues one report to the client on the task's work queue, where it is made unless the
  /// load was stopped by then; returns whether the load is still going.
  @discardableResult
  private func report(_ call: @escaping (URLProtocolClient) -> Void) -> Bool {
    let state: (stopped: Bool, queue: DispatchQueue?) = lock.withLock { (stopped, workQueue) }
    if state.stopped { return false }
    guard let queue = state.queue else { return deliver(call) }
    nonisolated(unsafe) let call = call
    nonisolated(unsafe) let protocolInstance = self
    queue.async { protocolInstance.deliver(call) }
    return true
  }

  /// Makes one report to the client unless the load was stopped; returns whether it did.
  /// `stopLoading()` waits for a report in progress.
  @discardableResult
  private func deliver(_ call: (URLProtocolClient) -> Void) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped, let client = super.client else { return false }
    call(client)
    return true
  }

  /// Foundation's `workQueue` of `task` (internal to Foundation, so found by reflection).
  static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
    var mirror: Mirror? = Mirror(reflecting: task)
    while let current = mirror {
      if let queue = current.children.first(where: { $0.label == "workQueue" })?.value
        as? DispatchQueue
      {
        return queue
      }
      mirror = current.superclassMirror
    }
    return nil
  }
}

extension CurlURLProtocol {
  /// An upload task reached `CurlURLProtocol`, which cannot see its body.
  public struct UploadUnsupported: Error, CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
      "CurlURLProtocol cannot send an upload task's body; use a data task with httpBody."
    }
  }
}
