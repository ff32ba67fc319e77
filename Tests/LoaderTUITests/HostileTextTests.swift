import ApexyLoader
import Foundation
import XCTest

@testable import AppCore
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

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
    var state = Fixture.state(columns: 100, rows: 20)
    let names = (0..<8).map { DemoFailure.hostile("repo", index: $0) }
    let repositories = names.map { Repository(name: $0, description: $0, language: $0) }
    state.organization = .success(
      content: Organization(login: "x", name: DemoFailure.hostile("Org", index: 1)))
    state.repositories = .success(content: repositories)
    let grid = Screen.render(state)
    for line in grid.lines { assertNoControls(line) }
    XCTAssertTrue(grid.lines.joined().contains("repo^[[2J^[[31m-0"))
  }
}
