import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import AppFormats
import AppModel
import AppRendering
import AppRuntime
import AppTestSupport
import Foundation
import GitHubAPI
import XCTest

/// Retries, 304s, staleness and the rate limit, from loader status to status bar and timer.
@MainActor
final class LoaderStatusTests: XCTestCase {
  private func bar(_ state: AppState, width: Int = 120) -> String {
    statusBarLine(state, width: width)
  }

  private let limit = RateLimit(limit: 5_000, remaining: 4_987, reset: Fixture.now)

  func testNotModifiedAndTheRateLimitLeftAreShown() async {
    var state = Fixture.loaded()
    let confirmed = Freshness(lastConfirmed: Fixture.now, wasNotModified: true)
    _ = updateStatuses(
      &state, organization: LoaderStatus(freshness: confirmed, rateLimit: limit),
      repositories: LoaderStatus(freshness: confirmed), at: Fixture.now)
    let line = bar(state, width: 110)
    XCTAssertTrue(
      line.hasPrefix(
        " RedMadRobot ✓ not modified just now │ repos ✓ not modified just now │ 4,987/5,000 left "),
      line)
    XCTAssertTrue(line.hasSuffix(" f r @ / x ? q"), line)
  }

  func testContentUnconfirmedPastStaleAfterSaysHowOld() async {
    var state = Fixture.loaded()
    let old = Freshness(lastConfirmed: Fixture.now.addingTimeInterval(-725))
    _ = updateStatuses(
      &state, organization: LoaderStatus(freshness: old, staleAfter: 600),
      repositories: LoaderStatus(freshness: old, staleAfter: 900), at: Fixture.now)
    XCTAssertTrue(
      bar(state).hasPrefix(
        " RedMadRobot ✓ stale 12m │ repos ✓ just now "),
      bar(state))
  }

  func testTheTimerWakesWhenContentTurnsStale() async {
    // Loaded over an hour ago: no age label changes for a while, so the stale date decides.
    var state = Fixture.state()
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: Fixture.repositories), at: Fixture.now - 3_605)
    let commands = updateStatuses(
      &state,
      organization: LoaderStatus(
        freshness: Freshness(lastConfirmed: Fixture.now.addingTimeInterval(-590)),
        staleAfter: 600),
      repositories: LoaderStatus(), at: Fixture.now)
    XCTAssertEqual(commands, [.wake(at: Fixture.now.addingTimeInterval(10))])
  }

  func testARetryCountdownWakesAtTheNextWholeSecondWhenThatComesBeforeTheSpinner() async {
    var state = Fixture.state()
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .initial, at: Fixture.now)
    let retry = RetryCountdown(retry: 2, maxRetries: 3, nextAttempt: Fixture.now + 3.04)
    let commands = updateStatuses(
      &state, organization: LoaderStatus(retry: retry), repositories: LoaderStatus(),
      at: Fixture.now)
    XCTAssertEqual(commands, [.wake(at: Fixture.now + 0.04)])
    XCTAssertTrue(bar(state).contains("RedMadRobot retrying in 4s (2/3) │ repos –"), bar(state))
    _ = update(&state, .tick(Fixture.now + 0.04))
    XCTAssertTrue(bar(state).contains("RedMadRobot retrying in 3s (2/3)"), bar(state))
    // The wait is over and the retry in flight: no "retrying in 0s" for as long as it takes.
    _ = update(&state, .tick(Fixture.now + 3.5))
    XCTAssertTrue(bar(state).contains("RedMadRobot retrying (2/3) │ repos –"), bar(state))
  }

  func testTheLoopCountsARetryDownOnTheStatusBar() async {
    let app = LoopHarness(columns: 100, rows: 12)
    let clock = ManualScheduler(now: Fixture.now)
    app.loaders.firstOwner.repositories.scheduler = clock
    app.loaders.firstOwner.repositories.policies = LoaderPolicies(
      retry: RetryPolicy(maxRetries: 3, baseDelay: 4, random: { $0.upperBound }))
    app.clock.now = Fixture.now
    app.loop.start()
    app.loop.send(.key(.character("r")))
    await app.complete("page=1", with: .failure(URLError(.timedOut)))
    XCTAssertEqual(app.loop.state.repositories.status.retry?.nextAttempt, Fixture.now + 4)
    XCTAssertTrue(
      app.screen.frames.last?.last?.contains("repos retrying in 4s (1/3)") == true,
      "\(app.screen.frames.last ?? [])")

    app.clock.now = Fixture.now + 1
    app.scheduler.fireWake()
    XCTAssertTrue(app.screen.frames.last?.last?.contains("repos retrying in 3s (1/3)") == true)
    clock.advance(by: 4)
    XCTAssertEqual(app.client.pendingPaths.count, 1, "the retry was sent when the countdown ended")
    app.loop.send(.stop(.success))
  }
}
