import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// Content restored from the cache is marked with its age until the server confirms it, and a
/// store problem takes one line of the status bar.
final class CacheStatusBarTests: XCTestCase {

  private func restored(hoursAgo hours: Double) -> AppState {
    var state = Fixture.loaded()
    let confirmed = Fixture.now.addingTimeInterval(-hours * 3600)
    let restored = LoaderStatus(freshness: Freshness(lastConfirmed: confirmed, isRestored: true))
    _ = updateStatuses(&state, organization: restored, repositories: restored, at: Fixture.now)
    return state
  }

  func testRestoredContentSaysHowOldItIs() {
    XCTAssertEqual(
      statusBarLine(restored(hoursAgo: 3), width: 90),
      " built-in 127.0.0.1:8080 │ RedMadRobot cached 3h ago │ repos cached 3h ago  f r @ / x ? q")
  }

  func testRestoredContentLooksCachedAtEveryWidth() {
    let state = restored(hoursAgo: 3)
    for width in [60, 40, 30, 24] {
      let line = statusBarLine(state, width: width)
      XCTAssertFalse(line.contains("✓"), "\(width) columns: \(line)")
      XCTAssertTrue(line.contains("cached"), "\(width) columns: \(line)")
    }
    XCTAssertEqual(statusBarLine(state, width: 40), " owner cached │ repos cached  f r @ ? q")
  }

  func testLoadingOverRestoredContentKeepsTheAge() {
    var state = restored(hoursAgo: 3)
    _ = updateLoaders(
      &state, organization: .loading(cache: Fixture.organization),
      repositories: .loading(cache: Fixture.repositories), at: Fixture.now)
    XCTAssertEqual(
      statusBarLine(state, width: 90),
      " RedMadRobot loading (cached 3h ago) │ repos loading (cached 3h ago)        f r @ / x ? q")
  }

  func testARetryOverRestoredContentCountsDown() {
    var state = restored(hoursAgo: 3)
    _ = updateLoaders(
      &state, organization: .loading(cache: Fixture.organization),
      repositories: .loading(cache: Fixture.repositories), at: Fixture.now)
    var waiting = state.repositories.status
    waiting.retry = RetryCountdown(
      retry: 1, maxRetries: 3, nextAttempt: Fixture.now.addingTimeInterval(2))
    _ = updateStatuses(
      &state, organization: state.owner.status, repositories: waiting, at: Fixture.now)
    XCTAssertEqual(
      statusBarLine(state, width: 90),
      " RedMadRobot loading (cached 3h ago) │ repos retrying in 2s (1/3)           f r @ / x ? q")
    XCTAssertTrue(statusBarLine(state, width: 60).contains("repos retrying in 2s (1/3)"))
  }

  func testTheInspectorSaysHowOldRestoredContentIsAsTheStatusBarDoes() {
    let state = restored(hoursAgo: 3)
    let table = InspectorView.table(state)
    XCTAssertTrue(table[1].hasPrefix("owner         cached 3h ago "), table[1])
    XCTAssertTrue(table[2].hasPrefix("repositories  cached 3h ago "), table[2])
  }

  func testAConfirmedFetchReplacesTheCachedLabel() {
    var state = restored(hoursAgo: 3)
    let confirmed = LoaderStatus(freshness: Freshness(lastConfirmed: Fixture.now))
    _ = updateStatuses(&state, organization: confirmed, repositories: confirmed, at: Fixture.now)
    XCTAssertEqual(statusBarLine(state, width: 80), statusBarLine(Fixture.loaded(), width: 80))
    XCTAssertTrue(
      statusBarLine(state, width: 80).contains("RedMadRobot ✓ just now │ repos ✓ just now"))
  }

  func testAStoreProblemIsOneLineInPlaceOfTheHints() {
    var state = Fixture.loaded()
    var snapshot = state.owner.snapshot
    snapshot.cacheProblem = "cache entry x org y is corrupt; it will be replaced"
    _ = update(&state, .loaderChanged(.owner(snapshot), at: Fixture.now))
    let line = statusBarLine(state, width: 130)
    XCTAssertTrue(
      line.hasSuffix("! cache entry x org y is corrupt; it will be replaced"), line)
    XCTAssertFalse(line.contains("q quit"), line)
    let narrow = statusBarLine(state, width: 70)
    XCTAssertTrue(narrow.hasSuffix("! cache entry x org y i…"), narrow)
    let middle = statusBarLine(state, width: 95)
    XCTAssertTrue(middle.hasSuffix("! cache problem: see loader-tui cache info"), middle)
    XCTAssertLessThanOrEqual(TextWidth.of(narrow), 70)
  }

}
