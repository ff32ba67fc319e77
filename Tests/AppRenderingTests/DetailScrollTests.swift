import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// A detail view taller than the terminal scrolls with ↑↓ and the page keys and says which of
/// its lines it shows; one that fits ignores them.
final class DetailScrollTests: XCTestCase {
  private func opened(rows: Int) -> AppState {
    var state = Fixture.loaded(columns: 80, rows: rows)
    state.focus = .resultList
    _ = update(&state, .key(.enter))
    return state
  }

  func testAShortTerminalScrollsTheFieldsItCannotShow() throws {
    var state = opened(rows: 14)
    let count = DetailLayout.lines(state).count
    let visible = HelpLayout.visibleRows(state.size, of: count)
    XCTAssertLessThan(visible, count, "the view does not fit in 14 rows")
    var screen = Screen.render(state).lines
    XCTAssertTrue(
      screen.contains { $0.contains("1–\(visible) of \(count), ↑↓ scroll") }, "\(screen)")
    XCTAssertFalse(screen.contains { $0.contains("Network") }, "the last field is below")
    for _ in 0..<count { _ = update(&state, .key(.character("j"))) }
    XCTAssertEqual(state.lists.detail?.scroll, count - visible, "no further than the last line")
    screen = Screen.render(state).lines
    XCTAssertTrue(screen.contains { $0.contains("Network") }, "\(screen)")
    XCTAssertTrue(screen.contains { $0.contains("\(count - visible + 1)–\(count) of \(count)") })
    _ = update(&state, .key(.pageUp))
    XCTAssertEqual(state.lists.detail?.scroll, max(0, count - 2 * visible))
    _ = update(&state, .key(.up))
    _ = update(&state, .key(.home))
    XCTAssertNotNil(state.lists.detail, "keys that do not scroll leave it open")
  }

  func testAViewThatFitsIgnoresTheArrows() {
    var state = opened(rows: 40)
    let before = state
    _ = update(&state, .key(.down))
    _ = update(&state, .key(.pageDown))
    XCTAssertEqual(state, before)
    XCTAssertFalse(Screen.render(state).lines.contains { $0.contains("↑↓ scroll") })
  }
}
