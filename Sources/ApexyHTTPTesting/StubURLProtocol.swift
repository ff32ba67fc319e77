import ApexyHTTP
import URLProtocolSupport

/// The `URLProtocol` behind `StubTransport`: takes every request of a session configured with
/// it (`StubTransport.configuration()`) and answers from the transport that owns the request's
/// host; a request to a host no live transport owns fails with `URLError(.cannotFindHost)`.
///
/// A request body (`httpBody`) counts as sent before the answer, reported with
/// `reportBodyBytesSent`, so a client's upload progress and its delegate's `didSendBodyData`
/// see it. The answer is worked out on a queue of its own, so a handler may wait, and reported
/// on the task's work queue.
public class StubURLProtocol: URLProtocol {
  /// Where the answer's reports go: to the task's work queue, in order, never after a stop.
  /// Foundation on Linux lets only that queue touch a session's tasks (a report made elsewhere
  /// while the session adds or removes another task can crash it), reports a cancellation itself
  /// after `stopLoading()`, and traps if a protocol reports to a task that already completed.
  private var reports: URLProtocolReports<StubURLProtocol>!

  /// A protocol for `request`, as Foundation makes one for each task.
  ///
  /// - Parameters:
  ///   - request: The request to answer.
  ///   - cachedResponse: Ignored: the stub answers every request itself.
  ///   - client: Where the answer is reported.
  public required init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: URLProtocolClient?
  ) {
    super.init(request: request, cachedResponse: cachedResponse, client: client)
    reports = URLProtocolReports(self) { $0.client }
  }

  /// Takes every request, so none reaches the network.
  ///
  /// - Parameter request: A request of a session configured with the stub.
  /// - Returns: `true`.
  override public class func canInit(with request: URLRequest) -> Bool { true }

  /// The request as it is.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: `request`, unchanged.
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
    let (request, reports) = (request, reports!)
    reports.start(on: task.flatMap(URLProtocolReports<StubURLProtocol>.workQueue(of:)))
    DispatchQueue.global().async { Self.answer(request, reports) }
  }

  /// Stops the load; nothing more is reported.
  override public func stopLoading() {
    if reports.stop() { StubRegistry.transport(for: request.url?.host)?.stopped() }
  }

  private static func answer(_ request: URLRequest, _ reports: URLProtocolReports<StubURLProtocol>)
  {
    guard let transport = StubRegistry.transport(for: request.url?.host) else {
      let error = URLError.described(
        .cannotFindHost, url: request.url,
        reason: "No StubTransport answers for \(request.url?.host ?? "a request without a host"): "
          + "none was made for that host, or it was released; keep the StubTransport for as long "
          + "as the test sends requests.")
      reports.report { $1.urlProtocol($0, didFailWithError: error) }
      return
    }
    let answer = transport.receive(request)
    if let body = request.httpBody, !body.isEmpty {
      let count = Int64(body.count)
      reports.report { urlProtocol, _ in
        urlProtocol.reportBodyBytesSent(
          count, totalBytesSent: count, totalBytesExpectedToSend: count)
      }
    }
    switch answer {
    case .response(let status, let headers, let chunks):
      guard let url = request.url,
        let response = HTTPURLResponse(
          url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
      else {
        let error = URLError.described(.badURL, url: request.url)
        reports.report { $1.urlProtocol($0, didFailWithError: error) }
        return
      }
      guard
        reports.report({
          $1.urlProtocol($0, didReceive: response, cacheStoragePolicy: .notAllowed)
        })
      else { return }
      for chunk in chunks {
        guard reports.report({ $1.urlProtocol($0, didLoad: chunk) }) else { return }
      }
      reports.report { $1.urlProtocolDidFinishLoading($0) }
    case .failure(let error):
      // A bare URLError reads as the real transport's would: Apple's sentence, the URL.
      let error = URLError.described(error, url: request.url)
      reports.report { $1.urlProtocol($0, didFailWithError: error) }
    case .noAnswer:
      break
    }
  }
}

/// The stub every client's sessions list first (`ProtocolInterception`): it takes only requests
/// to the host of a live `StubTransport`, so a client made with any configuration, or with
/// `RequestDefaults`, is stubbed for that host and reaches every other one as usual.
final class StubHostURLProtocol: StubURLProtocol {
  /// Makes every client made from now on list this protocol first, once.
  static let registered: Void = ProtocolInterception.register(StubHostURLProtocol.self)

  /// Takes requests to a live transport's host.
  override class func canInit(with request: URLRequest) -> Bool {
    StubRegistry.transport(for: request.url?.host) != nil
  }
}
