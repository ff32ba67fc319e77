import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The proxy libcurl takes from the environment for a URL, found by libcurl's own rules, so a
/// failure can name the proxy and the variable that chose it; never its credentials.
///
/// libcurl (7.88, `url.c` and `noproxy.c`) reads `no_proxy`, else `NO_PROXY`, and sends
/// directly to a host it lists; otherwise it takes `<scheme>_proxy` in lower case, then in
/// upper case (`HTTPS_PROXY`; for http, `http_proxy` only), then `all_proxy`, then `ALL_PROXY`.
/// A variable set to an empty value is one not set. A proxy without a scheme speaks HTTP;
/// without a port, it listens on 1080 (443 for `https://`).
struct CurlProxy: Sendable, Equatable {
  /// `host:port` of the proxy.
  let address: String
  /// The variable that named it, as spelled in the environment: `HTTPS_PROXY`, `all_proxy`…
  let variable: String
  /// The proxy's scheme, in lower case: `http`, `https`, `socks5h`…
  let scheme: String
  /// Whether the proxy's URL carries a user name (and password).
  let hasCredentials: Bool

  /// Whether libcurl asks this proxy for a tunnel (`CONNECT`) to reach `url`: an HTTP or HTTPS
  /// proxy and an `https` URL (plain `http` is forwarded, not tunnelled).
  func tunnels(_ url: URL) -> Bool {
    (scheme == "http" || scheme == "https") && url.scheme?.lowercased() == "https"
  }

  /// The proxy libcurl uses for `url` with `environment`'s variables; `nil` for none.
  static func forURL(
    _ url: URL, environment variable: (String) -> String? = Self.process
  ) -> CurlProxy? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
      return nil
    }
    // As libcurl's `curl_getenv`: an empty value is none.
    func environment(_ name: String) -> String? {
      variable(name).flatMap { $0.isEmpty ? nil : $0 }
    }
    let noProxy = environment("no_proxy") ?? environment("NO_PROXY")
    if let noProxy, NoProxyList(noProxy).contains(host) { return nil }
    var names = ["\(scheme)_proxy"]
    if scheme != "http" { names.append("\(scheme.uppercased())_PROXY") }
    names += ["all_proxy", "ALL_PROXY"]
    guard let variable = names.first(where: { environment($0) != nil }),
      let value = environment(variable)
    else { return nil }
    return parse(value, variable: variable)
  }

  /// The proxy in `value`, a URL or `host[:port]`; one that does not parse (libcurl refuses it)
  /// is named by its value, without credentials.
  static func parse(_ value: String, variable: String) -> CurlProxy {
    let text = value.contains("://") ? value : "http://\(value)"
    guard let parts = URLComponents(string: text), let host = parts.host, !host.isEmpty else {
      return CurlProxy(
        address: withoutCredentials(value), variable: variable,
        scheme: text.components(separatedBy: "://")[0].lowercased(),
        hasCredentials: value.contains("@"))
    }
    let scheme = parts.scheme?.lowercased() ?? "http"
    let port = parts.port ?? (scheme == "https" ? 443 : 1080)
    let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return CurlProxy(
      address: "\(shown):\(port)", variable: variable, scheme: scheme,
      hasCredentials: !(parts.user ?? "").isEmpty)
  }

  /// `text` without the credentials of any URL in it (`user:pass@`): libcurl's words about a
  /// proxy it refuses quote the proxy's URL whole.
  static func withoutCredentials(_ text: String) -> String {
    text.replacing(#/[^\s'"/@]+@/#, with: "")
  }

  /// The process's environment variable `name`.
  static func process(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

/// A `NO_PROXY` value, read as libcurl reads it: `*` alone for every host; otherwise names and
/// addresses separated by commas or blanks. A name matches itself and the names under it
/// (`example.com` and `.example.com` both match `api.example.com`), without case and trailing
/// dot; an address matches itself, or an address in its range (`10.0.0.0/8`).
struct NoProxyList {
  private let value: String

  init(_ value: String) { self.value = value }

  /// Whether a request to `host` goes without the proxy.
  func contains(_ host: String) -> Bool {
    guard !value.isEmpty else { return false }
    if value == "*" { return true }
    let bare =
      host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let tokens = value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
    if let address = IPAddress(bare) {
      return tokens.contains { address.isIn(String($0)) }
    }
    let name = bare.hasSuffix(".") ? String(bare.dropLast()).lowercased() : bare.lowercased()
    return tokens.contains { token in
      var pattern = token.lowercased()
      if pattern.hasSuffix(".") { pattern.removeLast() }
      if pattern.hasPrefix(".") { pattern.removeFirst() }
      guard !pattern.isEmpty else { return false }
      return name == pattern || name.hasSuffix("." + pattern)
    }
  }
}

/// An IPv4 or IPv6 address as bytes, for `NO_PROXY`'s address ranges.
private struct IPAddress {
  let bytes: [UInt8]

  init?(_ text: String) {
    var four = in_addr()
    var six = in6_addr()
    if inet_pton(AF_INET, text, &four) == 1 {
      bytes = withUnsafeBytes(of: &four) { Array($0) }
    } else if inet_pton(AF_INET6, text, &six) == 1 {
      bytes = withUnsafeBytes(of: &six) { Array($0) }
    } else {
      return nil
    }
  }

  /// Whether this address is `token`, or in `token`'s range `address/bits`.
  func isIn(_ token: String) -> Bool {
    let parts = token.split(separator: "/", maxSplits: 1)
    guard let first = parts.first, let network = IPAddress(String(first)),
      network.bytes.count == bytes.count
    else { return false }
    let all = bytes.count * 8
    guard let bits = parts.count == 2 ? Int(parts[1]) : all, bits >= 0, bits <= all else {
      return false
    }
    let prefix = bits == 0 ? all : bits
    for bit in 0..<prefix where (bytes[bit / 8] ^ network.bytes[bit / 8]) & (0x80 >> (bit % 8)) != 0
    {
      return false
    }
    return true
  }
}
