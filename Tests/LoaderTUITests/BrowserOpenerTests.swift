import Foundation
import XCTest

@testable import AppCommandLine
@testable import LoaderTUI

/// Which program `o` starts: `$BROWSER` (a path or a name in `PATH`), each of its commands in
/// turn until one succeeds, else `xdg-open`, else a notice; and never an address that is not
/// plain http(s).
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

  private func program(_ name: String, _ body: String = "") throws -> URL {
    let url = folder.appendingPathComponent(name)
    try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }

  private let address = "https://github.com/RedMadRobot/Apexy"

  private func command(_ environment: [String: String]) -> BrowserOpener.Command? {
    try? BrowserOpener.browsers(environment, address: address).get().first
  }

  /// What `open` reports for `url`: what it says at once, or once every command ended; `nil`
  /// when nothing was said within `timeout` seconds.
  @MainActor
  private func report(
    _ url: URL, _ environment: [String: String], timeout: TimeInterval = 0
  ) async -> String? {
    let said = expectation(description: "reported")
    let box = Reported()
    BrowserOpener.open(url, environment: environment) {
      box.text = $0
      said.fulfill()
    }
    await fulfillment(of: [said], timeout: timeout)
    return box.text
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

  @MainActor
  func testNeitherIsANoticeNamingWhatIsMissingAndAnOddAddressIsRefused() async throws {
    let url = URL(string: address)!
    let none = await report(url, ["PATH": folder.path])
    XCTAssertEqual(none, "No browser: set BROWSER or install xdg-open.")
    let missing = await report(url, ["BROWSER": "nonexistent", "PATH": folder.path])
    XCTAssertEqual(
      missing,
      "No browser: nonexistent (from BROWSER) is not installed, nor is xdg-open; fix BROWSER or "
        + "install xdg-open.")
    let both = await report(url, ["BROWSER": "firefox %s:chromium", "PATH": folder.path])
    XCTAssertEqual(
      both,
      "No browser: firefox, chromium (from BROWSER) are not installed, nor is xdg-open; fix "
        + "BROWSER or install xdg-open.")
    let mine = try program("mybrowser")
    let odd = await report(URL(string: "file:///etc/passwd")!, ["BROWSER": mine.path])
    XCTAssertEqual(odd, "Not opened: file is not a web address.")
  }

  /// `BROWSER='false:rec.sh'`: the first fails, so the second opens the page.
  @MainActor
  func testACommandThatFailsHandsOnToTheNext() async throws {
    let record = folder.appendingPathComponent("opened")
    _ = try program("failing", "exit 1")
    _ = try program(
      "recording",
      "printf '%s' \"$1\" > \(record.path).part && mv \(record.path).part \(record.path)")
    let said = Reported()
    BrowserOpener.open(
      URL(string: address)!, environment: ["BROWSER": "failing:recording", "PATH": folder.path]
    ) { said.text = $0 }
    let deadline = Date() + 10
    while !FileManager.default.fileExists(atPath: record.path), Date() < deadline {
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    XCTAssertEqual(try? String(contentsOf: record, encoding: .utf8), address)
    XCTAssertNil(said.text)
  }

  /// When every command fails, one line says which and how, in the order they were tried.
  @MainActor
  func testWhenEveryCommandFailsTheNoticeSaysWhichAndHow() async throws {
    _ = try program("failing", "exit 3")
    _ = try program("killed", "kill -TERM $$")
    let text = await report(
      URL(string: address)!, ["BROWSER": "failing --new-tab:killed", "PATH": folder.path],
      timeout: 10)
    XCTAssertEqual(
      text,
      "Not opened: failing exited with 3, killed was killed by signal 15; fix BROWSER.")
  }
}

/// What a report said, kept on the main actor.
@MainActor
private final class Reported {
  var text: String?
}
