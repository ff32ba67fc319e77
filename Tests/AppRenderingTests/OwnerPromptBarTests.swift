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
