import Foundation

extension URL {
  /// Whether this URL and `other` share scheme, host and port (default ports filled in):
  /// where a redirect may carry `Authorization`.
  ///
  /// - Parameter other: The URL to compare with.
  /// - Returns: `true` when both have the same origin (`https://host` and
  ///   `https://HOST:443/x` do).
  public func hasSameOrigin(as other: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int) {
      let scheme = url.scheme?.lowercased() ?? ""
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
      return (scheme, url.host?.lowercased() ?? "", port)
    }
    return origin(self) == origin(other)
  }
}
