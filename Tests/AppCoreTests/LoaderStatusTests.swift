import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import AppCore
@testable import GitHubAPI

/// Retries, 304s, staleness and the rate limit, from loader status to status bar and timer.
@MainActor
final class LoaderStatusTests: XCTestCase {
  private func bar(_ state: AppState, width: Int = 120) -> String {
    var grid = Grid(width: width, height: 1)
    StatusBar.draw(state, in: Rect(x: 0, y: 0, width: width, height: 1), into: &grid)
    return grid.lines[0]
  }

  private let limit = RateLimit(limit: 5_000, remaining: 4_987, reset: Fixture.now)

  func testNotModifiedAndTheRateLimitLeftAreShown() async {
    var state = Fixture.loaded()
    let confirmed = Freshness(lastConfirmed: Fixture.now, wasNotModified: true)
    _ = update(
      &state,
      .loaderStatusChanged(
        organization: LoaderStatus(freshness: confirmed, rateLimit: limit),
        repositories: LoaderStatus(freshness: confirmed), at: Fixture.now))
    let line = bar(state, width: 110)
    XCTAssertTrue(
      line.hasPrefix(
        " org ✓ not modified just now │ repos ✓ not modified just now │ 4,987/5,000 left "),
      line)
    XCTAssertTrue(line.hasSuffix(" f r / x ? q"), line)
  }

  func testContentUnconfirmedPastStaleAfterSaysHowOld() async {
    var state = Fixture.loaded()
    let old = Freshness(lastConfirmed: Fixture.now.addingTimeInterval(-725))
    _ = update(
      &state,
      .loaderStatusChanged(
        organization: LoaderStatus(freshness: old, staleAfter: 600),
        repositories: LoaderStatus(freshness: old, staleAfter: 900), at: Fixture.now))
    XCTAssertTrue(
      bar(state).hasPrefix(" built-in 127.0.0.1:8080 │ org ✓ stale 12m │ repos ✓ just now "),
      bar(state))
  }

  func testTheTimerWakesWhenContentTurnsStale() async {
    var state = Fixture.loaded()
    state.organizationSucceededAt = nil
    state.repositoriesSucceededAt = nil
    let commands = update(
      &state,
      .loaderStatusChanged(
        organization: LoaderStatus(
          freshness: Freshness(lastConfirmed: Fixture.now.addingTimeInterval(-590)),
          staleAfter: 600),
        repositories: LoaderStatus(), at: Fixture.now))
    XCTAssertEqual(commands, [.wake(at: Fixture.now.addingTimeInterval(10))])
  }

  func testARetryCountdownWakesAtTheNextWholeSecondWhenThatComesBeforeTheSpinner() async {
    var state = Fixture.state()
    _ = update(
      &state,
      .loadersChanged(organization: .loading(cache: nil), repositories: .initial, at: Fixture.now))
    let retry = RetryCountdown(retry: 2, maxRetries: 3, nextAttempt: Fixture.now + 3.04)
    let commands = update(
      &state,
      .loaderStatusChanged(
        organization: LoaderStatus(retry: retry), repositories: LoaderStatus(), at: Fixture.now))
    XCTAssertEqual(commands, [.wake(at: Fixture.now + 0.04)])
    XCTAssertTrue(bar(state).contains("org retrying in 4s (2/3) │ repos –"), bar(state))
    _ = update(&state, .tick(Fixture.now + 0.04))
    XCTAssertTrue(bar(state).contains("org retrying in 3s (2/3)"), bar(state))
  }

  func testTheLoopCountsARetryDownOnTheStatusBar() async {
    let terminal = FakeTerminal(size: Size(columns: 100, rows: 12))
    let wakes = FakeScheduler()
    let clock = ManualScheduler(now: Fixture.now)
    let client = FakeClient()
    let repositories = RepositoriesLoader(
      apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer())
    repositories.scheduler = clock
    repositories.policies = LoaderPolicies(
      retry: RetryPolicy(maxRetries: 3, baseDelay: 4, random: { $0.upperBound }))
    let pair = LoaderPair(
      organization: OrganizationLoader(
        apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()),
      repositories: repositories)
    let loop = AppLoop(
      state: Fixture.state(columns: 100, rows: 12), terminal: terminal, loaders: pair,
      scheduler: wakes, clock: { clock.now })
    loop.start()
    loop.send(.key(.character("r")))
    client.complete("page=1", with: .failure(URLError(.timedOut)))
    XCTAssertEqual(loop.state.repositoriesStatus.retry?.nextAttempt, Fixture.now + 4)
    XCTAssertTrue(
      terminal.frames.last?.last?.contains("repos retrying in 4s (1/3)") == true,
      "\(terminal.frames.last ?? [])")

    clock.advance(by: 1)
    wakes.fireWake()
    XCTAssertTrue(terminal.frames.last?.last?.contains("repos retrying in 3s (1/3)") == true)
    clock.advance(by: 3)
    XCTAssertEqual(client.pendingPaths.count, 1, "the retry was sent when the countdown ended")
    loop.send(.stop(exitCode: 0))
  }
}
