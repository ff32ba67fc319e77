import AppTestSupport
import XCTest

@testable import AppModel

/// `S` sorts the other way; `n` and `N` go through the rows the filter matched, wrapping. Each
/// step states the whole next state (`assertUpdate`) and the panes' lists.
final class SortAndMatchKeysTests: XCTestCase {
  private func names(_ state: AppState) -> [String] {
    state.visibleRepositories(.result).map(\.name)
  }

  func testShiftSSortsTheOtherWayAndBack() {
    var state = Fixture.loaded(columns: 80, rows: 24)
    let listed = names(state)
    let reversed = Array(listed.reversed())
    assertUpdate(
      &state, .key(.character("S")), commands: [], lists: [.fetch: reversed, .result: reversed],
      "as listed, last first"
    ) {
      $0.setSort(.listed, descending: true)
      $0.notice = "Sorted as listed, the other way."
    }
    _ = update(&state, .key(.character("s")))  // by name, the other way
    let byStars = Fixture.repositories.sorted { $0.stargazersCount > $1.stargazersCount }
      .map(\.name)
    let fewestFirst = Array(byStars.reversed())
    assertUpdate(
      &state, .key(.character("s")), commands: [],
      lists: [.fetch: fewestFirst, .result: fewestFirst], "by stars the other way: fewest first"
    ) {
      $0.setSort(.stars, descending: true)
      $0.notice = "Sorted by stars, the other way."
    }
    assertUpdate(
      &state, .key(.character("S")), commands: [], lists: [.fetch: byStars, .result: byStars],
      "S again: most first"
    ) {
      $0.setSort(.stars, descending: false)
      $0.notice = "Sorted by stars."
    }
  }

  func testNAndShiftNGoThroughTheMatchesWrapping() {
    var state = Fixture.loaded(columns: 80, rows: 24)
    assertUpdate(&state, .key(.character("n")), commands: []) {
      $0.notice = "No filter: press / to filter, then n and N go through its matches."
    }
    _ = update(&state, .key(.character("/")))
    _ = update(&state, .key(.character("-")))
    _ = update(&state, .key(.enter))
    state.focus = .resultList
    let count = state.visibleRepositories(.result).count
    XCTAssertEqual(count, 3, "the fixture's names with a hyphen")
    let steps: [(Key, Int, String)] = [
      (.character("n"), 1, "n: the next match"),
      (.character("N"), 0, "N: the one before"),
      (.character("N"), count - 1, "N from the first wraps to the last"),
      (.character("n"), 0, "n from the last wraps to the first"),
    ]
    for (key, row, message) in steps {
      assertUpdate(&state, .key(key), commands: [], message) {
        $0.lists.selected[.result] = row
        $0.notice = "Match \(row + 1) of \(count)."
        $0.matchNotice = MatchNotice(pane: .result, text: "Match \(row + 1) of \(count).")
      }
    }
  }
}
