import CCurl
import Foundation
import Locking
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request sent with libcurl, redirects followed, with no `URLSession` involved: what
/// `CurlURLProtocol` runs for a session's task, and what `URLSessionClient` runs itself when
/// nothing it was configured with needs a session.
///
/// Set the handlers, then `start()`. They are called on the transfer thread (`onFinish` inside
/// `start()` when the request cannot be made at all, such as an unsupported URL), in order:
/// `onResponse` once with the final response (a redirect's is not reported), `onData` with the
/// body as it arrives (decoded), then `onFinish` once with `nil` or the error. Redirects are
/// followed (at most 16), with `Authorization` dropped when one leaves the scheme, host and
/// port the request started on. After `cancel()` the transfer stops and no handler is called,
/// except one that was already being called.
public final class CurlLoad: Sendable {
  /// The final response's status line and header fields arrived.
  public var onResponse: @Sendable (HTTPURLResponse) -> Void {
    get { handlers.withLock { $0.response } }
    set { handlers.withLock { $0.response = newValue } }
  }
  /// Part of the body arrived.
  public var onData: @Sendable (Data) -> Void {
    get { handlers.withLock { $0.data } }
    set { handlers.withLock { $0.data = newValue } }
  }
  /// Request body bytes went out: since the last call, in all, and expected (or -1).
  public var onSent: @Sendable (Int64, Int64, Int64) -> Void {
    get { handlers.withLock { $0.sent } }
    set { handlers.withLock { $0.sent = newValue } }
  }
  /// The load ended: `nil` for a complete response, else why it failed.
  public var onFinish: @Sendable (Error?) -> Void {
    get { handlers.withLock { $0.finish } }
    set { handlers.withLock { $0.finish = newValue } }
  }

  private struct Handlers {
    var response: @Sendable (HTTPURLResponse) -> Void = { _ in }
    var data: @Sendable (Data) -> Void = { _ in }
    var sent: @Sendable (Int64, Int64, Int64) -> Void = { _, _, _ in }
    var finish: @Sendable (Error?) -> Void = { _ in }
  }

  private struct State {
    var cancelled = false
    /// The transfer's id on the engine, `nil` between transfers and once cancelled.
    var current: Int?
    /// Where the current transfer's response redirects to, once its head arrived.
    var next: URLRequest?
    var redirects = 0
  }

  private let request: URLRequest
  private let handlers = Locked(Handlers())
  private let state = Locked(State())
  private static let redirectLimit = 16

  /// A load of `request`; nothing is sent before `start()`.
  ///
  /// - Parameter request: The request, its header fields, body and timeout as they are sent.
  public init(request: URLRequest) {
    self.request = request
  }

  /// Sends the request.
  public func start() {
    send(request)
  }

  /// Stops the transfer; no handler is called after this returns, except one under way.
  public func cancel() {
    let current = state.withLock { state in
      state.cancelled = true
      defer { state.current = nil }
      return state.current
    }
    guard let current else { return }
    CurlEngine.shared.remove(id: current)
  }

  private var isCancelled: Bool { state.withLock { $0.cancelled } }

  private func send(_ request: URLRequest) {
    guard CurlTransfer.canSend(request) else {
      return finish(
        URLError.described(
          .unsupportedURL, url: request.url,
          reason: "Only http:// and https:// URLs are sent, not \(request.url?.scheme ?? "none")."
        ))
    }
    let id = CurlTransfer.makeID()
    let transfer = CurlTransfer(
      id: id, request: request, body: CurlTransfer.body(of: request),
      pinnedPublicKey: CurlPinning.publicKeys(forHost: request.url?.host ?? ""),
      head: { [self] head in received(head, of: request) },
      data: { [self] data in received(data) },
      sent: { [self] bytes, total, expected in onSent(bytes, total, expected) },
      done: { [self] end in finished(end, id: id) })
    state.withLock { state in
      guard !state.cancelled else { return }
      state.current = id
      state.next = nil
      // Queued under the lock, so a cancel that follows also follows it on the engine.
      CurlEngine.shared.add(transfer)
    }
  }

  /// A response's head arrived (engine thread): a redirect is noted, the final one reported.
  private func received(_ head: ResponseHead, of request: URLRequest) -> Bool {
    let next = Self.redirect(request, head: head)
    let cancelled = state.withLock { state in
      state.next = next
      return state.cancelled
    }
    guard next == nil, let url = request.url, let response = head.response(for: url) else {
      return true
    }
    guard !cancelled else { return false }
    onResponse(response)
    return true
  }

  /// Part of a body arrived (engine thread); a redirect's body is dropped.
  private func received(_ data: Data) -> Bool {
    let (redirecting, cancelled) = state.withLock { ($0.next != nil, $0.cancelled) }
    guard !redirecting else { return true }
    guard !cancelled else { return false }
    onData(data)
    return true
  }

  private func finished(_ end: CurlTransfer.End, id: Int) {
    let (wasCancelled, next, redirects) = state.withLock { state in
      if state.current == id { state.current = nil }
      if end.code == CURLE_OK, state.next != nil { state.redirects += 1 }
      return (state.cancelled, state.next, state.redirects)
    }
    // A cancel can end the transfer through its callbacks before the engine removes it.
    guard !wasCancelled else { return }
    if let observer = TransferObserver.shared.current, let report = end.report {
      observer(report)
    }
    if end.code == CURLE_OK, let next {
      guard redirects <= Self.redirectLimit else {
        let host = request.url.map(CurlFailure.hostDescription) ?? "The server"
        return finish(
          URLError.described(
            .httpTooManyRedirects, url: request.url,
            reason: "\(host) redirected more than \(Self.redirectLimit) times: a redirect loop."))
      }
      send(next)
    } else if end.code == CURLE_OK {
      finish(nil)
    } else if end.code == CURLE_FAILED_INIT {
      // libcurl's "Failed initialization", or why it could not be loaded (CurlOnDemand).
      let reason = String(cString: curl_easy_strerror(CURLE_FAILED_INIT))
      finish(URLError.described(.cannotLoadFromNetwork, url: request.url, reason: reason))
    } else {
      finish(CurlFailure.error(end))
    }
  }

  private func finish(_ error: Error?) {
    guard !isCancelled else { return }
    onFinish(error)
  }

  /// The request a redirect asks for, `nil` when `head` is not one to follow.
  private static func redirect(_ request: URLRequest, head: ResponseHead) -> URLRequest? {
    guard [301, 302, 303, 307, 308].contains(head.status), let url = request.url,
      let location = head.value("Location"),
      let target = URL(string: location, relativeTo: url)?.absoluteURL
    else { return nil }
    var next = request
    next.url = target
    let keepsMethod = head.status == 307 || head.status == 308
    if head.status == 303 || (!keepsMethod && request.httpMethod == "POST") {
      next.httpMethod = "GET"
      next.httpBody = nil
      next.httpBodyStream = nil
    }
    if Origin(url) != Origin(target) {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    return next
  }
}

/// Scheme, host and port (default ports filled in): where a redirect may carry `Authorization`.
private struct Origin: Equatable {
  let scheme: String
  let host: String
  let port: Int

  init(_ url: URL) {
    scheme = url.scheme?.lowercased() ?? ""
    host = url.host?.lowercased() ?? ""
    port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
  }
}
