import AppModel
import AppTestSupport
import XCTest

/// The keys people type first in an overlay: `q` and Esc close what is open before they quit
/// (as in less and htop), F1 opens the help, F10 quits from anywhere.
@MainActor
final class OverlayKeysTests: XCTestCase {
  func testQAndEscCloseTheHelpWithoutQuitting() async {
    for closing in [Key.character("q"), .escape] {
      var state = Fixture.loaded(columns: 80, rows: 20)
      XCTAssertEqual(update(&state, .key(.function(1))), [])
      XCTAssertTrue(state.showHelp, "F1 opens the help")
      XCTAssertEqual(update(&state, .key(closing)), [], "\(closing) closes, it does not quit")
      XCTAssertFalse(state.showHelp)
    }
  }

  func testQClosesTheDetailViewWithoutQuitting() async {
    var state = Fixture.loaded(columns: 80, rows: 20)
    state.focus = .resultList
    _ = update(&state, .key(.enter))
    XCTAssertNotNil(state.lists.detail, "Enter opens the detail view")
    XCTAssertFalse(update(&state, .key(.character("q"))).contains(.quit(.success)))
    XCTAssertNil(state.lists.detail, "q closes it")
    XCTAssertEqual(update(&state, .key(.character("q"))), [.quit(.success)], "then q quits")
  }

  func testF10QuitsFromTheHelpTheDetailViewAndThePanes() async {
    var help = Fixture.loaded(columns: 80, rows: 20)
    _ = update(&help, .key(.character("?")))
    XCTAssertEqual(update(&help, .key(.function(10))), [.quit(.success)])
    var detail = Fixture.loaded(columns: 80, rows: 20)
    detail.focus = .resultList
    _ = update(&detail, .key(.enter))
    XCTAssertEqual(update(&detail, .key(.function(10))), [.quit(.success)])
    var panes = Fixture.loaded(columns: 80, rows: 20)
    XCTAssertEqual(update(&panes, .key(.function(10))), [.quit(.success)])
  }
}
