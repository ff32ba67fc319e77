import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// Input as terminals deliver it: pastes, the mouse, filter editing keys, the too-small screen.
final class InputUpdateTests: XCTestCase {
  func testALongFilterScrollsSoTheCaretAndCountStayVisible() {
    var state = Fixture.loaded(columns: 80, rows: 12)
    _ = update(&state, .key(.character("/")))
    _ = update(&state, .paste(String(repeating: "abcdefghij", count: 5) + "xyz"))
    let line = PaneHeader.lines(state, .result, width: 38).map(\.text).last!
    XCTAssertEqual(line, "Filter: …ghijabcdefghijxyz▏  (0 shown)")
    XCTAssertEqual(TextWidth.of(line), 38)
  }

  func testAPasteGoesIntoTheFilterWithoutLineBreaksOrControlsAndRunsNothing() {
    var state = Fixture.loaded()
    XCTAssertEqual(update(&state, .paste("xq")), [], "outside the filter a paste does nothing")
    XCTAssertEqual(state.filter, "")
    XCTAssertFalse(state.outage)
    _ = update(&state, .key(.character("/")))
    XCTAssertEqual(update(&state, .paste("android\nx\u{1B}[31mq")), [])
    XCTAssertEqual(state.filter, "androidx[31mq")
    XCTAssertTrue(state.isEditingFilter, "a newline in a paste does not submit")
    _ = update(&state, .paste(String(repeating: "z", count: 100)))
    XCTAssertEqual(state.filter.count, AppState.filterLimit)
  }

  func testCtrlWDeletesAWordAndCtrlUClears() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("/")))
    _ = update(&state, .paste("input mask"))
    _ = update(&state, .key(.deleteWord))
    XCTAssertEqual(state.filter, "input ")
    _ = update(&state, .key(.clearLine))
    XCTAssertEqual(state.filter, "")
  }

  func testOnTheTooSmallScreenOnlyQuittingActs() {
    var state = Fixture.loaded(columns: 20, rows: 5)
    let before = state
    for key in [Key.character("/"), .character("i"), .character("f"), .escape, .down] {
      XCTAssertEqual(update(&state, .key(key)), [], "\(key)")
    }
    XCTAssertEqual(update(&state, .paste("abc")), [])
    XCTAssertEqual(state, before)
    XCTAssertEqual(update(&state, .key(.character("q"))), [.quit(.success)])
  }

  private func manyLoaded() -> AppState {
    var state = Fixture.state(columns: 80, rows: 8)
    let many = (1...40).map { Repository(name: "repository-\($0)", stargazersCount: $0) }
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: many), at: Fixture.now)
    return state
  }

  func testGAndShiftGGoToTheTopAndTheBottom() {
    var state = manyLoaded()
    state.focus = .resultList
    _ = update(&state, .key(.character("G")))
    XCTAssertEqual(state.lists.selected[.result], 39)
    XCTAssertEqual(state.scroll[.result], 40 - Layout.listHeight(state, .result))
    _ = update(&state, .key(.character("g")))
    XCTAssertEqual(state.lists.selected[.result], 0)
    XCTAssertEqual(state.scroll[.result], 0)
  }

  func testTheWheelMovesTheSelectionUnderThePointerAClickSelectsAndPressesFetch() {
    var state = manyLoaded()
    _ = update(&state, .mouse(MouseEvent(action: .wheelDown, x: 60, y: 4)))
    XCTAssertEqual(state.lists.selected[.result], 3, "the Result pane, under the pointer")
    XCTAssertEqual(state.scroll[.result], 3, "the view moves with it")
    XCTAssertEqual(state.lists.selected[.fetch], 0)
    XCTAssertEqual(update(&state, .mouse(MouseEvent(action: .press, x: 50, y: 3))), [])
    XCTAssertEqual(state.focus, .resultList)
    // Row 3 of the screen is the second list row shown in the Result pane.
    XCTAssertEqual(state.lists.selected[.result], 4)
    XCTAssertEqual(
      update(&state, .mouse(MouseEvent(action: .press, x: 4, y: 1))), [.fetchBoth(round: 1)])
    XCTAssertEqual(state.focus, .fetchButton)
  }

  func testCtrlLAndCtrlZAreCommandsEvenOnTheTooSmallScreen() {
    var state = Fixture.state(columns: 10, rows: 3)
    XCTAssertEqual(update(&state, .key(.repaint)), [.repaint])
    XCTAssertEqual(update(&state, .key(.suspend)), [.suspend])
  }
}
