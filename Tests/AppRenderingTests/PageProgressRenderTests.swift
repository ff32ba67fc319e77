import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// A list read page by page, as a person reads it: the rows so far under the spinner, the
/// footer and the status bar saying how far the load is, narrower and in ASCII, and the error
/// of a load that stopped part-way saying where.
final class PageProgressRenderTests: XCTestCase {
  private let now = Fixture.now

  /// The organization loaded and 1,200 repositories read in 12 pages of `count`.
  private func loading(_ count: Int?, rows: Int = 1_200, ascii: Bool = false) -> AppState {
    Fixture.readingPages(
      columns: 80, height: 10, pagesRead: 12, pageCount: count, rows: rows, ascii: ascii)
  }

  private func pane(_ state: AppState, _ pane: PaneID = .result, width: Int = 46) -> [String] {
    var grid = Grid(width: width, height: 8, asciiOnly: state.asciiOnly)
    PaneView.draw(state, pane, in: Rect(x: 0, y: 0, width: width, height: 8), into: &grid)
    return grid.lines
  }

  func testTheRowsSoFarListUnderTheSpinnerAndTheFooterSaysHowFar() {
    XCTAssertEqual(
      pane(loading(50)),
      [
        "┌ Result ────────────────────────────────────┐",
        "│ ⠋ Loading…                                 │",
        "│ Repositories:                              │",
        "│ repo-1                               Go ★0 │",
        "│ repo-2                               Go ★0 │",
        "│ repo-3                               Go ★0 │",
        "│ repo-4                               Go ★0 │",
        "└───────── 1–4 of 1,200 so far · page 12/50 ─┘",
      ])
    XCTAssertEqual(
      pane(loading(50), .fetch).suffix(2),
      [
        "│ repo-1                               Go ★0 │",
        "└───────── 1–1 of 1,200 so far · page 12/50 ─┘",
      ],
      "the Fetch pane lists the same rows")
  }

  func testWithoutAPageCountTheFooterSaysThePageAlone() {
    XCTAssertEqual(
      pane(loading(nil)).last, "└──────────── 1–4 of 1,200 so far · page 12 ─┘")
  }

  func testAFilterThatMatchesNothingYetStillSaysHowFarTheLoadIs() {
    var state = loading(50)
    state.setFilter("zzz")
    let lines = pane(state)
    XCTAssertEqual(lines[4], "│ No repository matches \"zzz\".               │")
    XCTAssertEqual(lines.last, "└──────────────── 1,200 so far · page 12/50 ─┘")
    // The frame of a page drawn over the one before says it too.
    var grid = Grid(width: 46, height: 8)
    PaneView.drawFooter(
      state, .result, in: Rect(x: 0, y: 0, width: 46, height: 8), style: .border, into: &grid)
    XCTAssertEqual(grid.lines.last, lines.last)
  }

  func testANarrowPaneDropsTheRangeThenTheRowsAndASCIIHasNoDots() {
    XCTAssertEqual(pane(loading(50), width: 36).last, "└────── 1,200 so far · page 12/50 ─┘")
    XCTAssertEqual(pane(loading(50), width: 24).last, "└───────── page 12/50 ─┘")
    XCTAssertEqual(
      pane(loading(50, ascii: true)).last, "+--------- 1-4 of 1,200 so far . page 12/50 -+")
  }

  func testTheStatusBarSaysTheRowsSoFarAndThePage() {
    XCTAssertEqual(
      statusBarLine(loading(50), width: 100),
      " RedMadRobot ✓ just now │ repos 1,200 so far · page 12/50 │ 4,987/5,000 left"
        + "          f r @ / x ? q")
    XCTAssertEqual(
      statusBarLine(loading(nil), width: 80),
      " RedMadRobot ✓ │ repos 1,200 so far · page 12 │ 4,987/5,000 left  f r @ / x ? q",
      "without ages, the keys fit")
    var organization = loading(50)
    organization.ownerKind = .organization
    XCTAssertEqual(
      statusBarLine(organization, width: 40), " org ✓ │ repos page 12/50 f r @ / x ? q",
      "narrowest: the page alone")
  }

  func testAFailurePartWaySaysHowFarItGotOverTheRowsRead() {
    var state = loading(50)
    var failed = state.repositories.snapshot
    failed.state = .failure(error: GitHubError.rateLimited(status: 403, reset: nil), cache: nil)
    failed.changeCount += 1
    _ = update(&state, .loaderChanged(.repositories(failed), at: now))
    XCTAssertEqual(
      pane(state, width: 60),
      [
        "┌ Result ──────────────────────────────────────────────────┐",
        "│ ✗ Rate limit hit (HTTP 403) after 12 of 50 pages (1,200  │",
        "│ shown); it resets later.                                 │",
        "│ Repositories:                                            │",
        "│ repo-1                                             Go ★0 │",
        "│ repo-2                                             Go ★0 │",
        "│ repo-3                                             Go ★0 │",
        "└─────────────────────────────────────────── 1–3 of 1,200 ─┘",
      ])
    XCTAssertEqual(
      statusBarLine(state, width: 80),
      " RedMadRobot ✓ just now │ repos ✗ │ 4,987/5,000 left              f r @ / x ? q")
  }

  /// A short pane cuts the error to three lines for the rows kept; a tall one shows it whole,
  /// its advice at the end included.
  func testATallPaneShowsTheWholeError() {
    var state = Fixture.readingPages(
      columns: 80, height: 24, pagesRead: 12, pageCount: 50, rows: 1_200)
    var failed = state.repositories.snapshot
    let limited = GitHubError.rateLimited(status: 403, reset: now + 600)
    state.advice.token = .none(advice: "set GITHUB_TOKEN or use --token-file PATH")
    failed.state = .failure(error: limited, cache: nil)
    failed.changeCount += 1
    _ = update(&state, .loaderChanged(.repositories(failed), at: now))
    let tall = Screen.render(state).lines.joined(separator: "\n")
    XCTAssertTrue(tall.contains("PATH."), tall)
    state.size = Size(columns: 80, rows: 12)
    let short = Screen.render(state).lines.joined(separator: "\n")
    XCTAssertFalse(short.contains("PATH."), "three lines in 12 rows: \(short)")
    XCTAssertTrue(short.contains("repo-1"), "the rows kept still show: \(short)")
  }

  func testARateLimitAnswerOfNoneLeftIsTheFigureShown() {
    var state = loading(50)
    var refused = state.repositories.snapshot
    refused.state = .failure(error: GitHubError.rateLimited(status: 403, reset: nil), cache: nil)
    refused.status.rateLimit = RateLimit(limit: 5000, remaining: 0, reset: now + 3600)
    refused.changeCount += 1
    _ = update(&state, .loaderChanged(.repositories(refused), at: now))
    XCTAssertEqual(
      statusBarLine(state, width: 80),
      " RedMadRobot ✓ just now │ repos ✗ │ 0/5,000 left                  f r @ / x ? q")
  }
}
