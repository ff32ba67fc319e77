import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// The status bar's key hints come from `KeyBinding.all` and shrink with the terminal.
final class StatusBarTests: XCTestCase {

  func testWideTerminalNamesWhatEachHintedKeyDoes() {
    XCTAssertEqual(
      statusBarLine(Fixture.loaded(), width: 140),
      " built-in 127.0.0.1:8080 │ RedMadRobot ✓ just now │ repos ✓ just now"
        + "         f fetch  r reload  @ owner  / filter  x outage  ? keys  q quit")
  }

  func testOutageHintOnlyWithTheBuiltInServer() {
    var state = Fixture.loaded()
    state.canToggleOutage = false
    state.source = "api.github.com"
    XCTAssertEqual(
      statusBarLine(state, width: 120),
      " api.github.com │ RedMadRobot ✓ just now │ repos ✓ just now"
        + "        f fetch  r reload  @ owner  / filter  ? keys  q quit")
    XCTAssertEqual(
      statusBarLine(state, width: 72),
      " api.github.com │ RedMadRobot ✓ just now │ repos ✓ just now f r @ / ? q")
    XCTAssertEqual(
      statusBarLine(state, width: 68),
      " RedMadRobot ✓ just now │ repos ✓ just now              f r @ / ? q",
      "the keys before the data source")
  }

  /// An 80-column terminal keeps the loaders' ages and the main keys: the minor ones go
  /// first (x, then /), never all but the key help.
  func testAt80ColumnsTheMinorKeysGoFirst() {
    var state = Fixture.loaded()
    state.ownerKind = .organization
    state.rateLimit = RateLimit(limit: 5_000, remaining: 4_995, reset: Fixture.now)
    XCTAssertEqual(
      statusBarLine(state, width: 80),
      " RedMadRobot (org) ✓ just now │ repos ✓ just now │ 4,995/5,000 left f r @ / ? q")
    XCTAssertEqual(
      statusBarLine(state, width: 78),
      " RedMadRobot (org) ✓ just now │ repos ✓ just now │ 4,995/5,000 left f r @ ? q")
  }

  func testNarrowTerminalKeepsOnlyTheKeyHelpHint() {
    var state = Fixture.loaded()
    state.ownerKind = .organization
    XCTAssertEqual(statusBarLine(state, width: 24), " org ✓ │ repos ✓ ? keys")
  }

  func testWhereTheLoginDoesNotFitTheOwnersKindStandsForItNeverOrgForAUser() {
    var state = Fixture.loaded()
    state.notice = "Outage on: the built-in server fails every request."
    state.ownerKind = .user
    XCTAssertEqual(
      statusBarLine(state, width: 72),
      " user ✓ │ repos ✓   Outage on: the built-in server fails every request.")
    state.ownerKind = nil
    XCTAssertEqual(
      statusBarLine(state, width: 72),
      " owner ✓ │ repos ✓  Outage on: the built-in server fails every request.",
      "until the first answer says which kind")
  }

  func testNoticeTakesThePlaceOfTheHints() {
    var state = Fixture.loaded()
    state.notice = "Outage on."
    XCTAssertEqual(
      statusBarLine(state, width: 80),
      " built-in 127.0.0.1:8080 │ RedMadRobot ✓ just now │ repos ✓ just now Outage on.")
  }

  /// A notice wider than the room beside the loaders is cut, never left out: it says what the
  /// key just pressed did.
  func testANoticeTooWideIsCutNeverLeftOut() {
    var state = Fixture.loaded()
    state.ownerKind = .organization
    state.notice = "Copied https://github.com/RedMadRobot/fastlane-plugins-55"
    XCTAssertEqual(
      statusBarLine(state, width: 60),
      " org ✓ │ repos ✓ Copied https://github.com/RedMadRobot/fas…")
    XCTAssertEqual(
      statusBarLine(state, width: 40), " Copied https://github.com/RedMadRobot…",
      "no room for a readable part beside the loaders: the notice alone")
  }

  /// While the simulated outage is on, every width of the bar starts by saying so, in the
  /// error style: the failures that follow are the outage's.
  func testTheOutageIsMarkedAtEveryWidthWhileItIsOn() {
    var state = Fixture.loaded()
    state.ownerKind = .organization
    state.outage = true
    XCTAssertEqual(
      statusBarLine(state, width: 100),
      " outage on │ RedMadRobot (org) ✓ just now │ repos ✓ just now"
        + "                          f r @ / x ? q")
    XCTAssertEqual(
      statusBarLine(state, width: 41), " outage on │ org ✓ │ repos ✓ f r @ x ? q",
      "the key that ends the outage stays among the keys")
    var grid = Grid(width: 40, height: 1)
    StatusBar.draw(state, in: Rect(x: 0, y: 0, width: 40, height: 1), into: &grid)
    XCTAssertEqual((1...9).map { grid[$0, 0].style }, Array(repeating: .error, count: 9))
    XCTAssertEqual(grid[10, 0].style, .statusBar)
    state.notice = "Copied https://github.com/RedMadRobot/fastlane-plugins-55"
    XCTAssertEqual(
      statusBarLine(state, width: 60),
      " outage on │ org ✓ │ repos ✓ Copied https://github.com/Red…",
      "a notice cut beside it")
  }

  func testHintsFollowTheKeyTable() {
    XCTAssertEqual(
      StatusBar.keyHints(builtInServer: true),
      [
        "f fetch  r reload  @ owner  / filter  x outage  ? keys  q quit ", "f r @ / x ? q ",
        "f r @ / ? q ", "f r @ ? q ", "? keys ",
      ])
    XCTAssertEqual(
      StatusBar.keyHints(builtInServer: false),
      [
        "f fetch  r reload  @ owner  / filter  ? keys  q quit ", "f r @ / ? q ", "f r @ ? q ",
        "? keys ",
      ])
  }
}
