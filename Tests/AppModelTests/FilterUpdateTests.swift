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
    assertUpdate(
      &state, .key(.character("q")), commands: [], lists: [.fetch: [], .result: []],
      "letters are text, not commands"
    ) {
      $0.filter = "q"
      $0.scroll = [.fetch: 0, .result: 0]
      $0.lists.selected = [.fetch: 0, .result: 0]
    }
  }

  func testBackspaceEnterAndEscape() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("/")))
    for character in "qif" { _ = update(&state, .key(.character(character))) }
    for key in [Key.backspace, .backspace, .backspace, .character("k")] {
      _ = update(&state, .key(key))
    }
    assertUpdate(
      &state, .key(.character("t")), commands: [],
      lists: [.fetch: ["android-ktx"], .result: ["android-ktx"]]
    ) { $0.filter = "kt" }
    assertUpdate(&state, .key(.enter), commands: []) { $0.isEditingFilter = false }
    _ = update(&state, .key(.character("/")))
    let all = Fixture.repositories.map(\.name)
    assertUpdate(&state, .key(.escape), commands: [], lists: [.fetch: all, .result: all]) {
      $0.filter = ""
      $0.isEditingFilter = false
    }
  }

  func testContentArrivingUnderAFilterIsFilteredIgnoringCase() {
    var state = Fixture.state()
    for key in [Key.character("/"), .character("K"), .character("T")] {
      _ = update(&state, .key(key))
    }
    assertUpdate(&state, .key(.enter), commands: [], lists: [.fetch: [], .result: []]) {
      $0.isEditingFilter = false
    }
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    let repositories = next(state.repositories, .success(content: Fixture.repositories))
    assertUpdate(
      &state, .loaderChanged(.repositories(repositories), at: now), commands: [],
      lists: [.fetch: ["android-ktx"], .result: ["android-ktx"]], "the filter holds \"KT\""
    ) {
      $0.repositories = LoaderSlot(repositories, at: self.now)
      $0.inspector.timeline.marks[.repositories] = [.init(at: self.now, stateCase: .success)]
      $0.inspector.timeline.marks[.merged] = [.init(at: self.now, stateCase: .success)]
    }
  }
}
