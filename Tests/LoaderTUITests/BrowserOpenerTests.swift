import Foundation
import XCTest

@testable import AppCommandLine
@testable import LoaderTUI

/// Which program `o` starts: `$BROWSER` (a path or a name in `PATH`), else `xdg-open`, else a
/// notice; and never an address that is not plain http(s).
final class BrowserOpenerTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  private func program(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try "#!/bin/sh\n".write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }

  func testBrowserIsFoundByNameOrPathElseXdgOpen() throws {
    let mine = try program("mybrowser")
    let xdg = try program("xdg-open")
    XCTAssertEqual(
      BrowserOpener.browser(["BROWSER": "mybrowser", "PATH": folder.path])?.path, mine.path)
    XCTAssertEqual(
      BrowserOpener.browser(["BROWSER": "missing:" + mine.path, "PATH": "/nonexistent"])?.path,
      mine.path, "the first entry that exists wins")
    XCTAssertEqual(
      BrowserOpener.browser(["BROWSER": "firefox %s", "PATH": folder.path])?.path, xdg.path)
    XCTAssertEqual(BrowserOpener.browser(["PATH": folder.path])?.path, xdg.path)
  }

  func testNeitherIsANoticeAndAnOddAddressIsRefused() throws {
    let url = URL(string: "https://github.com/RedMadRobot/Apexy")!
    XCTAssertEqual(
      BrowserOpener.open(url, environment: ["PATH": folder.path]),
      "No browser: set BROWSER or install xdg-open.")
    let mine = try program("mybrowser")
    XCTAssertEqual(
      BrowserOpener.open(
        URL(string: "file:///etc/passwd")!, environment: ["BROWSER": mine.path]),
      "Not opened: file is not a web address.")
  }
}
