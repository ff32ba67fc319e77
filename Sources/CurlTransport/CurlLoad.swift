import CCurl
import Foundation

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
public final class CurlLoad: @unchecked Sendable {
  /// The final response's status line and header fields arrived.
  public var onResponse: (HTTPURLResponse) -> Void = { _ in }
  /// Part of the body arrived.
  public var onData: (Data) -> Void = { _ in }
  /// Request body bytes went out: since the last call, in all, and expected (or -1).
  public var onSent: (Int64, Int64, Int64) -> Void = { _, _, _ in }
  /// The load ended: `nil` for a complete response, else why it failed.
  public var onFinish: (Error?) -> Void = { _ in }

  private let request: URLRequest
  private let lock = NSLock()
  private var cancelled = false
  private var current: CurlExchange?
  private var redirects = 0
  private static let redirectLimit = 16

  /// A load of `request`; nothing is sent before `start()`.
  public init(request: URLRequest) {
    self.request = request
  }

  /// Sends the request.
  public func start() {
    send(request)
  }

  /// Stops the transfer; no handler is called after this returns, except one under way.
  public func cancel() {
    let exchange = lock.withLock { () -> CurlExchange? in
      cancelled = true
      defer { current = nil }
      return current
    }
    if let exchange { CurlEngine.shared.remove(exchange) }
  }

  private var isCancelled: Bool { lock.withLock { cancelled } }

  private func send(_ request: URLRequest) {
    let exchange: CurlExchange
    do {
      let host = request.url?.host ?? ""
      exchange = try CurlExchange(
        request: request, pinnedPublicKey: CurlPinning.publicKeys(forHost: host))
    } catch {
      return finish(error)
    }
    var next: URLRequest?
    exchange.onHead = { [unowned exchange] head in
      next = Self.redirect(exchange.request, head: head)
      guard next == nil, let url = exchange.request.url, let response = head.response(for: url)
      else { return true }
      guard !self.isCancelled else { return false }
      self.onResponse(response)
      return true
    }
    exchange.onData = { data in
      guard next == nil else { return true }
      guard !self.isCancelled else { return false }
      self.onData(data)
      return true
    }
    exchange.onSent = { bytes, total, expected in self.onSent(bytes, total, expected) }
    lock.withLock {
      guard !cancelled else { return }
      current = exchange
      // Queued under the lock, so a cancel that follows also follows it on the engine thread.
      CurlEngine.shared.add(exchange) { [unowned exchange] code in
        self.finished(exchange, code: code, next: next)
      }
    }
  }

  private func finished(_ exchange: CurlExchange, code: CURLcode, next: URLRequest?) {
    let wasCancelled = lock.withLock {
      if current === exchange { current = nil }
      return cancelled
    }
    // A cancel can end the transfer through its callbacks before the engine removes it.
    guard !wasCancelled else { return }
    if let observer = TransferObserver.shared.current, let url = exchange.request.url {
      observer(CurlTransferReport(handle: exchange.handle, url: url))
    }
    if code == CURLE_OK, let next {
      redirects += 1
      guard redirects <= Self.redirectLimit else {
        return finish(URLError(.httpTooManyRedirects))
      }
      send(next)
    } else if code == CURLE_OK {
      finish(nil)
    } else {
      finish(CurlFailure.error(code, exchange: exchange))
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
