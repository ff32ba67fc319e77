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
    assertUpdate(&state, .paste("xq"), commands: [], "outside the filter a paste does nothing")
    assertUpdate(&state, .key(.character("/")), commands: []) { $0.isEditingFilter = true }
    assertUpdate(
      &state, .paste("android\nx\u{1B}[31mq"), commands: [],
      "a newline in a paste does not submit"
    ) { $0.filter = "androidx[31mq" }
    assertUpdate(&state, .paste(String(repeating: "z", count: 100)), commands: []) {
      $0.filter += String(repeating: "z", count: AppState.filterLimit - $0.filter.count)
    }
  }

  func testCtrlWDeletesAWordAndCtrlUClears() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("/")))
    _ = update(&state, .paste("input mask"))
    assertUpdate(&state, .key(.deleteWord), commands: []) { $0.filter = "input " }
    assertUpdate(&state, .key(.clearLine), commands: []) { $0.filter = "" }
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
      repositories: .success(content: RepositoryList(many)), at: Fixture.now)
    return state
  }

  func testGAndShiftGGoToTheTopAndTheBottom() {
    var state = manyLoaded()
    state.focus = .resultList
    let rows = Layout.listHeight(state, .result)
    assertUpdate(&state, .key(.character("G")), commands: []) {
      $0.lists.selected[.result] = 39
      $0.scroll[.result] = 40 - rows
    }
    assertUpdate(&state, .key(.character("g")), commands: []) {
      $0.lists.selected[.result] = 0
      $0.scroll[.result] = 0
    }
  }

  func testTheWheelMovesTheSelectionUnderThePointerAClickSelectsAndPressesFetch() {
    var state = manyLoaded()
    assertUpdate(
      &state, .mouse(MouseEvent(action: .wheelDown, x: 60, y: 4)), commands: [],
      "the Result pane, under the pointer, and the view with it"
    ) {
      $0.lists.selected[.result] = 3
      $0.scroll[.result] = 3
    }
    // Row 3 of the screen is the second list row shown in the Result pane.
    assertUpdate(&state, .mouse(MouseEvent(action: .press, x: 50, y: 3)), commands: []) {
      $0.focus = .resultList
      $0.lists.selected[.result] = 4
    }
    assertUpdate(
      &state, .mouse(MouseEvent(action: .press, x: 4, y: 1)), commands: [.fetchBoth(round: 1)]
    ) {
      $0.focus = .fetchButton
      $0.rounds.fetches = 1
    }
  }

  func testCtrlLAndCtrlZAreCommandsEvenOnTheTooSmallScreen() {
    var state = Fixture.state(columns: 10, rows: 3)
    XCTAssertEqual(update(&state, .key(.repaint)), [.repaint])
    XCTAssertEqual(update(&state, .key(.suspend)), [.suspend])
  }
}
