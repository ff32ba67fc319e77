import AppCommandLine
import CCurl
import CNcurses

/// The versions of libcurl (and its TLS and HTTP/2 libraries) and ncurses this process runs
/// with, as the libraries report them, for `--version`.
enum LibraryVersions {
  /// The libraries' versions now.
  static var current: VersionText.Libraries {
    let info = ccurl_version_info()?.pointee
    func string(_ pointer: UnsafePointer<CChar>?) -> String? {
      pointer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    return VersionText.Libraries(
      curl: string(info?.version) ?? "not found (install libcurl4: every request goes through it)",
      tls: string(info?.ssl_version),
      http2: string(info?.nghttp2_version).map { "nghttp2/" + $0 },
      ncurses: string(curses_version()) ?? "ncurses unknown")
  }
}
