import ApexyHTTP

/// The `URLProtocol` behind `StubTransport`: takes every request of a session configured with
/// it and answers from the transport that owns the request's host.
///
/// A request body (`httpBody`) counts as sent before the answer, reported with
/// `reportBodyBytesSent`, so a client's upload progress and its delegate's `didSendBodyData`
/// see it. The answer is given on a queue of its own, so a handler may wait.
public final class StubURLProtocol: URLProtocol {
  // Foundation on Linux reports a cancellation itself after `stopLoading()`, and traps if a
  // protocol reports to a task that already completed: reports are made under `lock`, never
  // after a stop.
  private let lock = NSLock()
  private var stopped = false

  /// Takes every request, so none reaches the network.
  override public class func canInit(with request: URLRequest) -> Bool { true }

  /// The request as it is.
  override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  /// The loading system's client; `nil` once the task has completed.
  override public var client: URLProtocolClient? {
    get { task?.state == .completed ? nil : super.client }
    set { super.client = newValue }
  }

  /// Answers from the owning transport, on a queue of its own.
  override public func startLoading() {
    let box = UncheckedSendableBox(self)
    DispatchQueue.global().async { box.value.answer() }
  }

  /// Stops the load; nothing more is reported.
  override public func stopLoading() {
    let wasRunning = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    if wasRunning { StubRegistry.transport(for: request.url?.host)?.stopped() }
  }

  private func answer() {
    guard let transport = StubRegistry.transport(for: request.url?.host) else {
      report { $0.urlProtocol(self, didFailWithError: URLError(.cannotFindHost)) }
      return
    }
    let answer = transport.receive(request)
    if let body = request.httpBody, !body.isEmpty {
      let count = Int64(body.count)
      reportBodyBytesSent(count, totalBytesSent: count, totalBytesExpectedToSend: count)
    }
    switch answer {
    case .response(let status, let headers, let chunks):
      guard let url = request.url,
        let response = HTTPURLResponse(
          url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
      else {
        report { $0.urlProtocol(self, didFailWithError: URLError(.badURL)) }
        return
      }
      guard report({ $0.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed) })
      else { return }
      for chunk in chunks {
        guard report({ $0.urlProtocol(self, didLoad: chunk) }) else { return }
      }
      report { $0.urlProtocolDidFinishLoading(self) }
    case .failure(let error):
      report { $0.urlProtocol(self, didFailWithError: error) }
    case .noAnswer:
      break
    }
  }

  /// Makes one report to the client unless the load was stopped; returns whether it did.
  @discardableResult
  private func report(_ call: (URLProtocolClient) -> Void) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped, let client else { return false }
    call(client)
    return true
  }
}
