import AppModel

/// What `--version` prints: the app's version, then the libraries it runs on, one a line, as
/// `curl -V` does.
public enum VersionText {
  /// The version of a C library as it reports it at run time.
  public struct Libraries: Sendable, Equatable {
    /// libcurl's version, `7.88.1`.
    public var curl: String
    /// libcurl's TLS library, `OpenSSL/3.0.15`; `nil` when it has none.
    public var tls: String?
    /// libcurl's HTTP/2 library, `nghttp2/1.52.0`; `nil` when it has none.
    public var http2: String?
    /// ncurses' version, `ncurses 6.4.20221231`.
    public var ncurses: String

    /// The libraries' versions.
    public init(curl: String, tls: String?, http2: String?, ncurses: String) {
      self.curl = curl
      self.tls = tls
      self.http2 = http2
      self.ncurses = ncurses
    }
  }

  /// The lines: `loader-tui <version>` first (scripts read it), then libcurl and ncurses.
  public static func render(_ libraries: Libraries) -> String {
    let curlWith = [libraries.tls.map { "TLS " + $0 }, libraries.http2.map { "HTTP/2 " + $0 }]
      .compactMap { $0 }
    return [
      "loader-tui \(AppInfo.version)",
      "libcurl \(libraries.curl)"
        + (curlWith.isEmpty ? "" : " (\(curlWith.joined(separator: ", ")))"),
      libraries.ncurses,
    ].joined(separator: "\n")
  }
}
