import AppTestSupport
import Foundation
import JSONOutput
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// The frame's structure the end-to-end tests read says what the drawn screen shows: each row
/// record stands on the line the pane draws it on, the selected one marked.
final class FrameDumpTests: XCTestCase {
  private func dump(_ state: AppState) throws -> [String: Any] {
    let data = FrameDump.json(state, Screen.render(state)).data()
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func scrolled() -> AppState {
    var state = Fixture.state(columns: 100, rows: 14)
    let many = (1...40).map {
      Repository(
        name: "repository-\($0)", language: $0 % 2 == 0 ? "Swift" : nil,
        stargazersCount: $0, fork: $0 % 3 == 0)
    }
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: RepositoryList(many)), at: Fixture.now)
    state.focus = .resultList
    state.lists.selected[.result] = 12
    state.scroll[.result] = 9
    return state
  }

  func testEachRowRecordIsTheLineItsPaneDraws() throws {
    let panes = try XCTUnwrap(dump(scrolled())["panes"] as? [[String: Any]])
    XCTAssertEqual(panes.map { $0["name"] as? String }, ["Fetch", "Result"])
    for pane in panes {
      let lines = try XCTUnwrap(pane["lines"] as? [String])
      let header = try XCTUnwrap(pane["header"] as? [String])
      let rows = try XCTUnwrap(pane["rows"] as? [[String: Any]])
      XCTAssertFalse(rows.isEmpty)
      for (index, row) in rows.enumerated() {
        let name = try XCTUnwrap(row["name"] as? String)
        let stars = try XCTUnwrap(row["stars"] as? Int)
        let language = (row["language"] as? String).map { $0 + " " } ?? ""
        let fork = row["fork"] as? Bool == true ? "fork " : ""
        let line = lines[header.count + index]
        XCTAssertTrue(line.hasPrefix(name + " "), "\(line) starts with \(name)")
        XCTAssertTrue(line.hasSuffix(" " + fork + language + "★\(stars)"), line)
      }
    }
    let result = panes[1]
    let rows = try XCTUnwrap(result["rows"] as? [[String: Any]])
    XCTAssertEqual(result["first"] as? Int, 9)
    XCTAssertEqual(rows.first?["name"] as? String, "repository-10")
    XCTAssertEqual(
      rows.filter { $0["selected"] as? Bool == true }.map { $0["name"] as? String },
      ["repository-13"], "the selected row, scrolled into view")
    XCTAssertEqual(result["focused"] as? Bool, true)
  }

  func testStatusBarSpinnerAndOverlaysAreNamed() throws {
    var state = scrolled()
    state.showHelp = true
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .loading(cache: state.repositories.state.content), at: Fixture.now)
    let frame = try dump(state)
    let status = try XCTUnwrap(frame["status"] as? [String: Any])
    let text = try XCTUnwrap(status["text"] as? String)
    XCTAssertEqual((frame["lines"] as? [String])?.last, text, "the status bar is the last line")
    XCTAssertEqual(status["owner"] as? String, "RedMadRobot")
    XCTAssertEqual(
      status["loaders"] as? [String: String], ["owner": "success", "repositories": "loading"])
    XCTAssertEqual(frame["overlays"] as? [String], ["help"])
    let panes = try XCTUnwrap(frame["panes"] as? [[String: Any]])
    XCTAssertEqual(panes.map { $0["spinner"] as? Bool }, [true, true])
  }

  func testATooSmallTerminalHasNoPanes() throws {
    let frame = try dump(Fixture.state(columns: 10, rows: 4))
    XCTAssertEqual(frame["tooSmall"] as? Bool, true)
    XCTAssertEqual((frame["panes"] as? [Any])?.count, 0)
    XCTAssertEqual((frame["lines"] as? [String])?.first?.hasPrefix("Terminal"), true)
  }
}
