import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppFormats
@testable import AppModel
@testable import GitHubAPI

/// The transcript from successive states: a line for each loader change and for each change of
/// their merge, nothing for what did not change, the cache's problems on stderr.
final class TranscriptTests: XCTestCase {
  private let now = Fixture.now
  private let names = "4 repositories (Apexy, input-mask-ios, android-ktx, …)"

  /// The output lines for each state after each step, in order.
  private func lines(
    _ steps: [(inout AppState) -> Void], options: Transcript.Options = .init(timestamps: false),
    start: AppState = Fixture.state()
  ) -> [[String]] {
    var transcript = Transcript(options: options)
    var state = start
    return steps.map { step in
      step(&state)
      return transcript.lines(for: state, time: 0).output
    }
  }

  func testAFetchIsALineForEachLoaderChangeAndEachChangeOfTheMerge() {
    let printed = lines([
      { _ = update(&$0, repositories: .loading(cache: nil), at: self.now) },
      { _ = update(&$0, organization: .loading(cache: nil), at: self.now) },
      { _ = update(&$0, organization: .success(content: Fixture.organization), at: self.now) },
      { _ = update(&$0, repositories: .success(content: Fixture.repositories), at: self.now) },
    ])
    XCTAssertEqual(
      printed,
      [
        ["repositories Loading: nothing cached", "merged       Loading: nothing cached"],
        ["organization Loading: nothing cached"],
        ["organization Success: Red Mad Robot"],
        [
          "repositories Success: \(names)",
          "merged       Success: Red Mad Robot: \(names)",
        ],
      ])
  }

  /// A retry waited for is a line; its end is no line of its own: the change its answer
  /// brings says how it went, so nothing reads `Loading` after the last try failed.
  func testARetryIsALineAndItsEndLeavesTheLineToWhatItsAnswerBrought() {
    let waiting = LoaderStatus(
      retry: RetryCountdown(
        retry: 1, maxRetries: 1, nextAttempt: now + 0.5, error: Fixture.outage()))
    let printed = lines([
      { _ = update(&$0, repositories: .loading(cache: nil), at: self.now) },
      {
        _ = updateStatuses(&$0, organization: LoaderStatus(), repositories: waiting, at: self.now)
      },
      {
        _ = updateStatuses(
          &$0, organization: LoaderStatus(), repositories: LoaderStatus(), at: self.now)
      },
      { _ = update(&$0, .tick(self.now + 1)) },
      {
        _ = update(
          &$0, repositories: .failure(error: Fixture.outage(), cache: nil), at: self.now + 1)
      },
    ])
    let error = "Server error (HTTP 503: Service Unavailable); try again later"
    XCTAssertEqual(
      printed,
      [
        ["repositories Loading: nothing cached", "merged       Loading: nothing cached"],
        [
          "repositories Retrying: 1 of 1 in 0.500s; the request failed: Server error (HTTP "
            + "503: Service Unavailable); nothing cached"
        ],
        [],
        [],
        [
          "repositories Failure: \(error); nothing cached",
          "merged       Failure: \(error); nothing cached",
        ],
      ])
  }

  /// Content kept while a load runs, fails or waits to retry reads as the panes show it: the
  /// rows still shown, cached from before.
  func testContentKeptFromBeforeReadsAsShown() {
    let waiting = LoaderStatus(
      retry: RetryCountdown(
        retry: 1, maxRetries: 3, nextAttempt: now + 0.5, error: Fixture.outage()))
    let printed = lines(
      [
        {
          _ = updateLoaders(
            &$0, organization: .loading(cache: Fixture.organization),
            repositories: .loading(cache: Fixture.repositories), at: self.now)
        },
        {
          _ = updateStatuses(
            &$0, organization: LoaderStatus(), repositories: waiting, at: self.now)
        },
        {
          _ = update(
            &$0, repositories: .failure(error: Fixture.outage(), cache: Fixture.repositories),
            at: self.now)
        },
      ], start: Fixture.loaded())
    let error = "Server error (HTTP 503: Service Unavailable); try again later"
    XCTAssertEqual(
      printed,
      [
        [
          "organization Loading: showing Red Mad Robot (cached)",
          "repositories Loading: showing 4 cached repositories (Apexy, input-mask-ios, "
            + "android-ktx, …)",
          "merged       Loading: showing Red Mad Robot: 4 cached repositories (Apexy, "
            + "input-mask-ios, android-ktx, …)",
        ],
        [
          "repositories Retrying: 1 of 3 in 0.500s; the request failed: Server error (HTTP "
            + "503: Service Unavailable); showing 4 cached repositories (Apexy, "
            + "input-mask-ios, android-ktx, …)"
        ],
        [
          "repositories Failure: \(error); showing 4 cached repositories (Apexy, "
            + "input-mask-ios, android-ktx, …)"
        ],
      ])
  }

  func testContentRestoredFromTheCacheSaysItsAgeAndTheMergeWaitsForBoth() {
    let restored = LoaderStatus(
      freshness: Freshness(lastConfirmed: now - 3 * 3_600, isRestored: true))
    let printed = lines([
      {
        _ = update(
          &$0, organization: .success(content: Fixture.organization), status: restored,
          at: self.now)
      },
      {
        _ = update(
          &$0, repositories: .success(content: Fixture.repositories), status: restored,
          at: self.now)
      },
    ])
    XCTAssertEqual(
      printed,
      [
        ["organization Success (cached 3h ago): Red Mad Robot"],
        [
          "repositories Success (cached 3h ago): \(names)",
          "merged       Success (cached 3h ago): Red Mad Robot: \(names)",
        ],
      ])
  }

  func testACacheProblemGoesToStandardErrorOnceAndMakesNoLine() {
    var transcript = Transcript(options: .init(timestamps: false))
    var state = Fixture.loaded()
    _ = transcript.lines(for: state, time: 0)
    var snapshot = state.owner.snapshot
    snapshot.cacheProblem = "cache entry x is corrupt; it will be replaced"
    _ = update(&state, .loaderChanged(.owner(snapshot), at: now))
    let first = transcript.lines(for: state, time: 0)
    XCTAssertEqual(first.output, [])
    XCTAssertEqual(first.errors, ["loader-tui: cache entry x is corrupt; it will be replaced"])
    XCTAssertEqual(transcript.lines(for: state, time: 0), Transcript.Lines(), "said once")
  }

  func testWithoutAUTF8LocaleTextLinesAreASCIIAndJSONStaysExact() {
    var state = Fixture.state()
    state.asciiOnly = true
    let step: (inout AppState) -> Void = {
      _ = update(&$0, repositories: .success(content: Fixture.repositories), at: self.now)
    }
    let text = lines([step], start: state)[0]
    XCTAssertEqual(
      text, ["repositories Success: 4 repositories (Apexy, input-mask-ios, android-ktx, ~)"])
    let json = lines([step], options: .init(json: true, timestamps: false), start: state)[0]
    XCTAssertTrue(
      json[0].contains(#""repositories":["Apexy","input-mask-ios","android-ktx","ios-interview"]"#),
      json[0])
  }

  func testRequestLinesOnlyWithTrace() {
    let record = RequestRecord(
      id: 1, method: "GET", path: "/orgs/RedMadRobot", loader: .owner, phase: .sent)
    let step: (inout AppState) -> Void = { _ = update(&$0, .request(record)) }
    XCTAssertEqual(lines([step]), [[]])
    XCTAssertEqual(
      lines([step], options: .init(timestamps: false, trace: true)),
      [["request      #1 GET /orgs/RedMadRobot  in flight"]])
  }

  func testALineCarriesTheRoundItsChangeBelongsToNotTheOneItsStepStarted() {
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 2)
    var transcript = Transcript(options: .init(json: true, timestamps: false))
    _ = update(&state, .action(.fetch))
    _ = transcript.lines(for: state, time: 0)
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    _ = transcript.lines(for: state, time: 0)
    // The repositories' success settles round 1, and the same step starts round 2.
    let commands = update(&state, repositories: .success(content: Fixture.repositories), at: now)
    XCTAssertEqual(commands.first, .fetchBoth(round: 2))
    let printed = transcript.lines(for: state, time: 0).output
    XCTAssertEqual(printed.count, 2)
    XCTAssertTrue(printed.allSatisfy { $0.contains(#""round":1"#) }, "\(printed)")
  }

  func testTheSummarySaysHowItEndedAndAFailureGoesToStandardErrorToo() {
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 1)
    _ = updateLoaders(
      &state, organization: .failure(error: Fixture.outage(), cache: nil),
      repositories: .success(content: Fixture.repositories), at: now)
    let summary = Transcript(options: .init(timestamps: false)).summary(for: state, time: 1)
    let error = "Server error (HTTP 503: Service Unavailable); try again later."
    XCTAssertEqual(summary.output, ["done: 1 round, failure: \(error)"])
    XCTAssertEqual(summary.errors, ["loader-tui: \(error)"])
  }
}
