import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// `update` and the filter prompt: `/`, typing, Backspace, Enter and Escape, and content that
/// arrives under a filter. Each test states the whole next state (`assertUpdate`).
final class FilterUpdateTests: XCTestCase {
  private let now = Fixture.now

  func testTheFilterKeyOnlyStartsEditing() {
    var state = Fixture.loaded()
    assertUpdate(&state, .key(.character("/")), commands: []) { $0.isEditingFilter = true }
  }

  func testTypingSetsTheFilterAndBringsBothListsBackToTheirFirstRows() {
    var state = Fixture.loaded(columns: 80, rows: 8)
    _ = update(&state, .key(.character("/")))
    state.scroll[.result] = 1
    state.lists.selected[.result] = 2
    assertUpdate(&state, .key(.character("q")), commands: [], "letters are text, not commands") {
      $0.filter = "q"
      $0.scroll = [.fetch: 0, .result: 0]
      $0.lists.selected = [.fetch: 0, .result: 0]
    }
    XCTAssertEqual(state.visibleRepositories(.result), [])
  }

  func testBackspaceEnterAndEscape() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("/")))
    for character in "qif" { _ = update(&state, .key(.character(character))) }
    for key in [Key.backspace, .backspace, .backspace, .character("k")] {
      _ = update(&state, .key(key))
    }
    assertUpdate(&state, .key(.character("t")), commands: []) { $0.filter = "kt" }
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["android-ktx"])
    assertUpdate(&state, .key(.enter), commands: []) { $0.isEditingFilter = false }
    _ = update(&state, .key(.character("/")))
    assertUpdate(&state, .key(.escape), commands: []) {
      $0.filter = ""
      $0.isEditingFilter = false
    }
    XCTAssertEqual(state.visibleRepositories(.result).count, 4)
  }

  func testContentArrivingUnderAFilterIsFilteredIgnoringCase() {
    var state = Fixture.state()
    for key in [Key.character("/"), .character("K"), .character("T"), .enter] {
      _ = update(&state, .key(key))
    }
    XCTAssertEqual(state.visibleRepositories(.result), [])
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: Fixture.repositories), at: now)
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["android-ktx"])
  }
}
