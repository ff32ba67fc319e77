import AppCommandLine
import CNcurses
import CurlTransport

/// The versions of libcurl (and its TLS and HTTP/2 libraries) and ncurses this process runs
/// with, as the libraries report them, for `--version`.
enum LibraryVersions {
  /// The libraries' versions now.
  static var current: VersionText.Libraries {
    let curl = CurlVersion.current
    return VersionText.Libraries(
      curl: curl?.version ?? "not found (install libcurl4: every request goes through it)",
      tls: curl?.tls,
      http2: curl?.http2.map { "nghttp2/" + $0 },
      ncurses: curses_version().map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        ?? "ncurses unknown")
  }
}
