import CCurl

/// The libcurl this process sends with, as libcurl reports itself: what a `--version` prints.
public struct CurlVersion: Sendable, Equatable {
  /// libcurl's version, such as `7.88.1`.
  public let version: String
  /// The TLS library and its version, such as `OpenSSL/3.0.15`; `nil` when libcurl has none.
  public let tls: String?
  /// nghttp2's version, for HTTP/2; `nil` when libcurl was built without it.
  public let http2: String?

  /// The running libcurl's; `nil` when libcurl cannot be loaded.
  public static var current: CurlVersion? {
    guard let info = ccurl_version_info()?.pointee, let version = text(info.version) else {
      return nil
    }
    return CurlVersion(
      version: version, tls: text(info.ssl_version), http2: text(info.nghttp2_version))
  }

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
  }
}
