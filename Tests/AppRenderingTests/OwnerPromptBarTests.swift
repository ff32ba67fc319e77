import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// The owner prompt over the status bar, and the owner the status bar names: what is typed
/// with its cursor, the recent owners or what is wrong, and the end of a long or wide name in
/// a narrow terminal.
final class OwnerPromptBarTests: XCTestCase {
  private func prompting(_ text: String, problem: String? = nil, recent: [GitHubLogin] = [])
    -> AppState
  {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: recent)
    state.ownerPrompt = OwnerPrompt(text: text, problem: problem)
    return state
  }

  func testThePromptShowsWhatIsTypedAndTheRecentOwners() {
    XCTAssertEqual(
      statusBarLine(prompting("ali", recent: ["alice", "swift-tools"]), width: 60),
      " Owner: ali▏  recent: alice swift-tools  (Tab, Esc)")
    XCTAssertEqual(
      statusBarLine(prompting(""), width: 50),
      " Owner: ▏  Enter shows it, Esc closes")
  }

  func testWhatIsWrongTakesThePlaceOfTheRecentOwnersInTheErrorStyle() {
    let state = prompting("a_b", problem: "Not a GitHub login (a character other than …).")
    var grid = Grid(width: 70, height: 1)
    StatusBar.draw(state, in: Rect(x: 0, y: 0, width: 70, height: 1), into: &grid)
    XCTAssertEqual(
      grid.lines[0], " Owner: a_b▏  Not a GitHub login (a character other than …).")
    XCTAssertEqual(grid[14, 0].style, .error)
    XCTAssertEqual(grid[2, 0].style, .statusBar)
  }

  /// The row a refused name is typed in: at 80 columns and narrower, what is wrong says what to
  /// do in full, in fewer words where the whole sentence does not fit.
  func testARefusedNameKeepsWhatToDoInView() {
    func refused(_ text: String, width: Int) -> String {
      var state = Fixture.loaded()
      state.size = Size(columns: width, rows: 24)
      _ = update(&state, .key(.character("@")))
      OwnerPromptEditing.append(text, to: &state)
      _ = update(&state, .key(.enter))
      return statusBarLine(state, width: width)
    }
    XCTAssertEqual(
      refused("a--b", width: 100),
      " Owner: a--b▏  Not a GitHub login (two hyphens in a row): use letters, digits and single"
        + " hyphens.")
    XCTAssertEqual(
      refused("a--b", width: 80),
      " Owner: a--b▏  Two hyphens in a row: use letters, digits and single hyphens.")
    XCTAssertEqual(
      refused("a_b", width: 80),
      " Owner: a_b▏  \"_\" is not allowed: use letters, digits and single hyphens.")
    XCTAssertEqual(
      refused("-alice", width: 60), " Owner: -alice▏  Use letters, digits and single hyphens.")
    let long = String(repeating: "a", count: 45)
    XCTAssertEqual(
      refused(long, width: 100),
      " Owner: " + String(repeating: "a", count: 23)
        + "▏  Longer than 39 characters: use letters, digits and single hyphens.",
      "the typed text's end, and the whole advice")
    XCTAssertEqual(
      refused(long, width: 80),
      " Owner: " + String(repeating: "a", count: 45) + "▏  At most 39 characters.")
    XCTAssertEqual(
      refused(long, width: 30), " Owner: aaaaaaaaaaaa▏  At mos…",
      "no form fits: the typed text's end and the narrowest, cut")
  }

  func testALongWideNameKeepsItsEndAndTheCursorInANarrowTerminal() {
    let line = statusBarLine(prompting("名前" + String(repeating: "x", count: 30) + "日本"), width: 24)
    XCTAssertEqual(line, " Owner: xxxxxxxxxxx日本▏")
    XCTAssertEqual(TextWidth.of(line), 24)
  }

  func testTheStatusBarNamesTheOwnerAndItsKind() {
    var state = Fixture.loaded()
    state.ownerKind = .user
    state.ownerLogin = "alice"
    XCTAssertTrue(statusBarLine(state, width: 100).contains("│ alice (user) ✓ just now │"))
    state.ownerKind = .organization
    state.ownerLogin = "RedMadRobot"
    XCTAssertTrue(statusBarLine(state, width: 100).contains("│ RedMadRobot (org) ✓ just now │"))
  }

  func testARateLimitNearlySpentStaysWhenTheBarNarrows() {
    var state = Fixture.loaded()
    state.rateLimit = RateLimit(limit: 5_000, remaining: 4_000, reset: Fixture.now)
    XCTAssertEqual(
      statusBarLine(state, width: 62),
      " RedMadRobot ✓ │ repos ✓ │ 4,000/5,000 left     f r @ / x ? q",
      "without ages before without the limit")
    XCTAssertFalse(statusBarLine(state, width: 45).contains("left"), "plenty left: room for keys")
    state.rateLimit = RateLimit(limit: 5_000, remaining: 412, reset: Fixture.now)
    XCTAssertEqual(
      statusBarLine(state, width: 50), " RedMadRobot ✓ │ repos ✓ │ 412/5,000 left  ? keys")
  }
}
