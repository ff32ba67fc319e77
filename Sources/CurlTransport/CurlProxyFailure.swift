import CCurl
import Foundation
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A failure through a proxy (`CurlProxy`) names the party that failed: the proxy, with what it
/// answered and the variable that chose it, or the server reached through it.
///
/// | failure | code | sentence says |
/// |---|---|---|
/// | proxy's name not found | `.cannotFindHost` | Cannot find the proxy P (VARIABLE) |
/// | proxy not listening | `.cannotConnectToHost` | Cannot connect to the proxy P (VARIABLE) |
/// | `CONNECT` answered 407 | `.userAuthenticationRequired` | set credentials in VARIABLE (or they were refused) |
/// | `CONNECT` answered 5xx | `.cannotConnectToHost` | the proxy could not open the tunnel, and its status |
/// | `CONNECT` answered another status | `.badServerResponse` | the proxy refused the tunnel, and its status |
/// | proxy closed before answering `CONNECT` | `.networkConnectionLost` | closed before answering the tunnel request |
/// | proxy silent about `CONNECT` | `.timedOut` | did not answer the tunnel request in time |
/// | tunnel closed in the TLS handshake | `.networkConnectionLost` | the proxy or the server ended it |
/// | SOCKS proxy failed | `.cannotConnectToHost` | the proxy failed to reach the server |
/// | anything after the tunnel opened | the server's | "Through the proxy P: " and the server's sentence |
///
/// A 407 is not retried (`RetryPolicy` retries no `.userAuthenticationRequired`): the same
/// request gets the same answer until the credentials change.
extension CurlFailure {
  /// The error of `end`, a transfer that went through `proxy` to `host`, whose failure without
  /// a proxy would be `origin`.
  /// `notProcessed`: whether the server said it did not process the request, which holds only
  /// of a failure that came through the tunnel.
  static func proxied(
    _ end: CurlTransfer.End, proxy: CurlProxy, host: String, detail: String,
    origin: (URLError.Code, String), notProcessed: Bool
  ) -> URLError {
    let own = proxyFailure(end, proxy, host, detail)
    let (code, sentence) = own ?? (origin.0, "Through the proxy \(proxy.address): \(origin.1)")
    return URLError.described(
      code, url: end.url, reason: "\(sentence) (libcurl: \(detail))", proxy: proxy.address,
      notProcessed: own == nil && notProcessed)
  }

  /// The proxy's own failure; `nil` when it opened the tunnel (or forwarded the request) and
  /// what failed came from the server.
  private static func proxyFailure(
    _ end: CurlTransfer.End, _ proxy: CurlProxy, _ host: String, _ detail: String
  ) -> (URLError.Code, String)? {
    let named = "the proxy \(proxy.address)"
    switch end.code {
    case CURLE_COULDNT_RESOLVE_PROXY:
      return (.cannotFindHost, "Cannot find \(named) (\(proxy.variable)).")
    case CURLE_COULDNT_CONNECT:
      return (.cannotConnectToHost, "Cannot connect to \(named) (\(proxy.variable)).")
    case CURLE_PROXY:
      return (
        .cannotConnectToHost, "The \(proxy.scheme) proxy \(proxy.address) failed to reach \(host)."
      )
    default: break
    }
    guard let url = end.url, proxy.tunnels(url), !end.reused else { return nil }
    if end.connectCode >= 300 { return refused(end.connectCode, proxy, host) }
    let request = "the tunnel request (CONNECT) to \(host)"
    switch end.code {
    case CURLE_SSL_CONNECT_ERROR
    where end.connectCode != 0
      && ["SSL_ERROR_SYSCALL", "unexpected eof", "reset by peer"].contains(where: detail.contains):
      return (
        .networkConnectionLost,
        "The tunnel to \(host) through \(named) closed during the TLS handshake, before any "
          + "response (the proxy or \(host) ended it)."
      )
    case _ where end.connectCode != 0: return nil
    case CURLE_OPERATION_TIMEDOUT:
      return (.timedOut, "\(named.capitalizedFirst) did not answer \(request) in time.")
    case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
      return (
        .networkConnectionLost,
        "\(named.capitalizedFirst) closed the connection before answering \(request)."
      )
    default: return nil
    }
  }

  /// The proxy answered the tunnel request with `status`, not 2xx.
  private static func refused(_ status: Int, _ proxy: CurlProxy, _ host: String) -> (
    URLError.Code, String
  ) {
    let answer = statusNames[status].map { "\(status) \($0)" } ?? "HTTP \(status)"
    let named = "The proxy \(proxy.address)"
    switch status {
    case 407:
      let advice =
        proxy.hasCredentials
        ? "it refused the credentials in \(proxy.variable)"
        : "set credentials in \(proxy.variable) (http://user:pass@host:port)"
      return (
        .userAuthenticationRequired, "\(named) refused the tunnel to \(host): \(answer); \(advice)."
      )
    case 500..<600:
      return (.cannotConnectToHost, "\(named) could not open the tunnel to \(host): \(answer).")
    default:
      return (.badServerResponse, "\(named) refused the tunnel to \(host): \(answer).")
    }
  }

  /// The reason phrases of the statuses a proxy answers a `CONNECT` with (its own phrase is not
  /// shown: network text).
  private static let statusNames = [
    400: "Bad Request", 403: "Forbidden", 405: "Method Not Allowed",
    407: "Proxy Authentication Required", 500: "Internal Server Error", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
  ]
}

extension String {
  /// The string with its first character in upper case.
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension CurlTransfer.End {
  /// Reads from the easy `handle` how a failed transfer met `proxy`, the one the environment
  /// named for its URL: the answer to its `CONNECT`, and whether it took a kept connection.
  mutating func read(proxy: CurlProxy?, from handle: UnsafeMutableRawPointer) {
    func info(_ key: CURLINFO) -> Int {
      var value = 0
      return ccurl_easy_getinfo_long(handle, key, &value) == CURLE_OK ? value : 0
    }
    self.proxy = proxy
    connectCode = info(CURLINFO_HTTP_CONNECTCODE)
    // No new connection, yet one with a peer: a kept one.
    reused = info(CURLINFO_NUM_CONNECTS) == 0 && info(CURLINFO_PRIMARY_PORT) != 0
  }
}
