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

  private let address = "https://github.com/RedMadRobot/Apexy"

  private func command(_ environment: [String: String]) -> BrowserOpener.Command? {
    try? BrowserOpener.browser(environment, address: address).get()
  }

  func testBrowserIsFoundByNameOrPathElseXdgOpen() throws {
    let mine = try program("mybrowser")
    let xdg = try program("xdg-open")
    XCTAssertEqual(
      command(["BROWSER": "mybrowser", "PATH": folder.path]),
      BrowserOpener.Command(program: mine, arguments: [address]))
    XCTAssertEqual(
      command(["BROWSER": "missing:" + mine.path, "PATH": "/nonexistent"])?.program.path,
      mine.path, "the first entry that exists wins")
    XCTAssertEqual(command(["BROWSER": "firefox %s", "PATH": folder.path])?.program.path, xdg.path)
    XCTAssertEqual(command(["PATH": folder.path])?.program.path, xdg.path)
  }

  func testPercentSSaysWhereTheAddressGoesAsBROWSERsConventionHasIt() throws {
    let mine = try program("mybrowser")
    XCTAssertEqual(
      command(["BROWSER": "mybrowser --new-tab %s", "PATH": folder.path]),
      BrowserOpener.Command(program: mine, arguments: ["--new-tab", address]))
    XCTAssertEqual(
      command(["BROWSER": "mybrowser --open=%s --zoom=100%%", "PATH": folder.path])?.arguments,
      ["--open=\(address)", "--zoom=100%"])
    XCTAssertEqual(
      command(["BROWSER": "mybrowser --private", "PATH": folder.path])?.arguments,
      ["--private", address], "without %s the address comes last")
  }

  func testNeitherIsANoticeNamingWhatIsMissingAndAnOddAddressIsRefused() throws {
    let url = URL(string: address)!
    XCTAssertEqual(
      BrowserOpener.open(url, environment: ["PATH": folder.path]),
      "No browser: set BROWSER or install xdg-open.")
    XCTAssertEqual(
      BrowserOpener.open(url, environment: ["BROWSER": "nonexistent", "PATH": folder.path]),
      "No browser: nonexistent (from BROWSER) is not installed, nor is xdg-open; fix BROWSER or "
        + "install xdg-open.")
    XCTAssertEqual(
      BrowserOpener.open(
        url, environment: ["BROWSER": "firefox %s:chromium", "PATH": folder.path]),
      "No browser: firefox, chromium (from BROWSER) are not installed, nor is xdg-open; fix "
        + "BROWSER or install xdg-open.")
    let mine = try program("mybrowser")
    XCTAssertEqual(
      BrowserOpener.open(
        URL(string: "file:///etc/passwd")!, environment: ["BROWSER": mine.path]),
      "Not opened: file is not a web address.")
  }
}
