import XCTest

@testable import AppCommandLine
@testable import AppModel

final class VersionTextTests: XCTestCase {
  func testOneLineEachAppFirst() {
    let libraries = VersionText.Libraries(
      curl: "7.88.1", tls: "OpenSSL/3.0.15", http2: "nghttp2/1.52.0",
      ncurses: "ncurses 6.4.20221231")
    XCTAssertEqual(
      VersionText.render(libraries),
      """
      loader-tui \(AppInfo.version)
      libcurl 7.88.1 (TLS OpenSSL/3.0.15, HTTP/2 nghttp2/1.52.0)
      ncurses 6.4.20221231
      """)
    let bare = VersionText.Libraries(curl: "8.0.0", tls: nil, http2: nil, ncurses: "ncurses 6.5")
    XCTAssertEqual(
      VersionText.render(bare).split(separator: "\n").dropFirst(), ["libcurl 8.0.0", "ncurses 6.5"])
  }
}
