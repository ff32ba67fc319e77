import ApexyLoader
import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppFormats
@testable import AppModel
@testable import AppRendering
@testable import DemoAPI
@testable import GitHubAPI

/// Control characters from the server, through the real binary and through the renderer.
final class HostileTextTests: XCTestCase {
  private func assertNoControls(_ text: String, file: StaticString = #filePath, line: UInt = #line)
  {
    for scalar in text.unicodeScalars where scalar != "\n" {
      XCTAssertFalse(
        TextSanitizer.isControl(scalar), "U+\(String(scalar.value, radix: 16)) in output",
        file: file, line: line)
    }
  }

  func testHeadlessTextPrintsControlsVisibly() throws {
    let run = try BinaryRun.run([
      "--headless", "--latency", "0", "--no-timestamps", "--fail", "org,repos",
      "--fail-mode", "hostile-text",
    ])
    XCTAssertEqual(run.status, 0)
    assertNoControls(run.stdout)
    XCTAssertTrue(run.stdout.contains("Red Mad Robot^[]0;pwned^G-1"), run.stdout)
    XCTAssertTrue(run.stdout.contains("Apexy^[[2J^[[31m-0xxxx"), run.stdout)
    XCTAssertTrue(run.stdout.contains("x…"), "a 2,000-character name is cut: \(run.stdout)")
  }

  func testHeadlessJSONCarriesNoRawControls() throws {
    let run = try BinaryRun.run([
      "--headless", "--json", "--latency", "0", "--fail", "org,repos", "--fail-mode",
      "hostile-text",
    ])
    XCTAssertEqual(run.status, 0)
    assertNoControls(run.stdout)
    for line in run.lines {
      XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), line)
    }
  }

  func testRenderedGridHoldsNoControlCharacter() {
    var state = AppState(
      now: Date(), size: Size(columns: 100, rows: 20), source: "built-in", owner: "x",
      host: "127.0.0.1:8080", timeout: 15, canToggleOutage: true)
    let names = (0..<8).map { DemoFailureReply.hostile("repo", index: $0) }
    let repositories = names.map { Repository(name: $0, description: $0, language: $0) }
    _ = update(
      &state,
      .loaderChanged(
        .owner(
          LoaderSnapshot(
            state: .success(
              content: Owner(login: "x", name: DemoFailureReply.hostile("Org", index: 1))))),
        at: Date()))
    _ = update(
      &state,
      .loaderChanged(
        .repositories(LoaderSnapshot(state: .success(content: RepositoryList(repositories)))),
        at: Date()))
    let grid = Screen.render(state)
    for line in grid.lines { assertNoControls(line) }
    XCTAssertTrue(grid.lines.joined().contains("repo^[[2J^[[31m-0"))
  }

  func testHeadlessTextAndJSONCarryNoControls() {
    let transition = Transition(
      time: 0, round: 1, subject: .merged, stateCase: .failure, error: "bad\u{1B}[0m",
      organization: "Org\u{07}", repositories: ["a\u{1B}]0;x\u{07}"])
    let text = TransitionFormatter.text(transition, timestamps: false)
    XCTAssertEqual(
      text, "merged       Failure: bad^[[0m; showing Org^G: 1 cached repository (a^[]0;x^G)")
    let json = TransitionFormatter.json(transition, timestamps: false)
    XCTAssertFalse(json.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    XCTAssertTrue(json.contains(#"\u001b"#) || json.contains(#"\u001B"#), json)
  }

  func testTheGridNeverHoldsAControl() {
    var grid = Grid(width: 20, height: 1)
    grid.put("a\u{1B}b\u{7}c", x: 0, y: 0, style: .plain)
    XCTAssertEqual(grid.lines, ["abc"])
  }
}
