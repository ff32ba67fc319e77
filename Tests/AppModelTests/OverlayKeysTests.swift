import AppTestSupport
import XCTest

@testable import AppModel

/// The keys people type first in an overlay: `q` and Esc close what is open before they quit
/// (as in less and htop), F1 opens the help, F10 quits from anywhere. Each step states the
/// whole next state (`assertUpdate`).
@MainActor
final class OverlayKeysTests: XCTestCase {
  /// The panes at 80×20 with Enter pressed on the Result pane's first row: the detail view
  /// open, its load asked for.
  private func openedDetail(file: StaticString = #filePath, line: UInt = #line) -> AppState {
    var state = Fixture.loaded(columns: 80, rows: 20)
    state.focus = .resultList
    let first = state.visibleRepositories(.result)[0]
    let key = "RedMadRobot/\(first.name)"
    assertUpdate(
      &state, .key(.enter), commands: [.loadDetail(key)], "Enter opens it", file: file, line: line
    ) { $0.lists.detail = OpenDetail(repository: first, key: key) }
    return state
  }

  func testQAndEscCloseTheHelpWithoutQuitting() async {
    for closing in [Key.character("q"), .escape] {
      var state = Fixture.loaded(columns: 80, rows: 20)
      assertUpdate(&state, .key(.function(1)), commands: [], "F1 opens the help") {
        $0.showHelp = true
      }
      assertUpdate(&state, .key(closing), commands: [], "\(closing) closes, it does not quit") {
        $0.showHelp = false
      }
    }
  }

  func testQClosesTheDetailViewWithoutQuitting() async {
    var state = openedDetail()
    assertUpdate(&state, .key(.character("q")), commands: [.closeDetail], "q closes it") {
      $0.lists.detail = nil
    }
    assertUpdate(&state, .key(.character("q")), commands: [.quit(.success)], "then q quits")
  }

  /// The status bar says `? keys` over the detail view too: `?` and F1 open the help over it,
  /// and closing the help leaves the detail view open.
  func testTheHelpOpensOverTheDetailViewAndClosesBackToIt() async {
    for opening in [Key.character("?"), .function(1)] {
      var state = openedDetail()
      assertUpdate(&state, .key(opening), commands: [], "\(opening) opens the help") {
        $0.showHelp = true
      }
      assertUpdate(&state, .key(.escape), commands: [], "Esc closes the help, not the detail") {
        $0.showHelp = false
      }
    }
  }

  func testF10QuitsFromTheHelpTheDetailViewAndThePanes() async {
    var help = Fixture.loaded(columns: 80, rows: 20)
    _ = update(&help, .key(.character("?")))
    assertUpdate(&help, .key(.function(10)), commands: [.quit(.success)])
    var detail = Fixture.loaded(columns: 80, rows: 20)
    detail.focus = .resultList
    _ = update(&detail, .key(.enter))
    assertUpdate(&detail, .key(.function(10)), commands: [.quit(.success)])
    var panes = Fixture.loaded(columns: 80, rows: 20)
    assertUpdate(&panes, .key(.function(10)), commands: [.quit(.success)])
  }
}
