import AppTestSupport
import XCTest

@testable import AppModel

/// `S` sorts the other way; `n` and `N` go through the rows the filter matched, wrapping.
final class SortAndMatchKeysTests: XCTestCase {
  private var names: (AppState) -> [String] { { $0.visibleRepositories(.result).map(\.name) } }

  func testShiftSSortsTheOtherWayAndBack() {
    var state = Fixture.loaded(columns: 80, rows: 24)
    let listed = names(state)
    _ = update(&state, .key(.character("S")))
    XCTAssertEqual(names(state), listed.reversed(), "as listed, last first")
    XCTAssertEqual(state.notice, "Sorted as listed, the other way.")
    _ = update(&state, .key(.character("s")))  // by name, the other way
    _ = update(&state, .key(.character("s")))  // by stars, the other way
    let stars = state.visibleRepositories(.result).map(\.stargazersCount)
    XCTAssertEqual(stars, stars.sorted(), "by stars the other way: fewest first")
    _ = update(&state, .key(.character("S")))
    XCTAssertEqual(
      state.visibleRepositories(.result).map(\.stargazersCount), stars.sorted(by: >),
      "S again: most first")
  }

  func testNAndShiftNGoThroughTheMatchesWrapping() {
    var state = Fixture.loaded(columns: 80, rows: 24)
    _ = update(&state, .key(.character("n")))
    XCTAssertEqual(
      state.notice, "No filter: press / to filter, then n and N go through its matches.")
    _ = update(&state, .key(.character("/")))
    for character in "-" { _ = update(&state, .key(.character(character))) }
    _ = update(&state, .key(.enter))
    state.focus = .resultList
    let count = state.visibleRepositories(.result).count
    XCTAssertGreaterThan(count, 1)
    XCTAssertEqual(state.lists.selected[.result], 0)
    _ = update(&state, .key(.character("n")))
    XCTAssertEqual(state.lists.selected[.result], 1)
    XCTAssertEqual(state.notice, "Match 2 of \(count).")
    _ = update(&state, .key(.character("N")))
    _ = update(&state, .key(.character("N")))
    XCTAssertEqual(state.lists.selected[.result], count - 1, "N from the first wraps to the last")
    _ = update(&state, .key(.character("n")))
    XCTAssertEqual(state.lists.selected[.result], 0, "n from the last wraps to the first")
  }
}
