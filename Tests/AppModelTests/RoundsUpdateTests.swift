import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// `update` and a headless run's planned rounds: when a round settles, and when the run quits.
/// Each test states the whole next state (`assertUpdate`).
final class RoundsUpdateTests: XCTestCase {
  private let now = Fixture.now

  private func mark(_ seconds: TimeInterval, _ stateCase: StateCase) -> InspectorTimeline.Mark {
    InspectorTimeline.Mark(at: now + seconds, stateCase: stateCase)
  }

  func testAPlannedRunDoesNotCountRestoredContentAsItsFetchSettling() {
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 1)
    let restored = LoaderStatus(freshness: Freshness(lastConfirmed: now, isRestored: true))
    _ = update(
      &state, organization: .success(content: Fixture.organization), status: restored, at: now)
    _ = update(
      &state, repositories: .success(content: Fixture.repositories), status: restored, at: now)
    assertUpdate(&state, .action(.fetch), commands: [.fetchBoth(round: 1)], "not a quit") {
      $0.rounds.fetches = 1
    }
    _ = update(&state, repositories: .loading(cache: Fixture.repositories), at: now)
    _ = update(&state, organization: .loading(cache: Fixture.organization), at: now)
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    let settled = next(state.repositories, .success(content: Fixture.repositories))
    assertUpdate(
      &state, .loaderChanged(.repositories(settled), at: now), commands: [.quit(.success)]
    ) {
      $0.repositories.snapshot = settled
      $0.repositories.succeededAt = now
      $0.inspector.timeline.marks[.repositories]?.append(mark(0, .success))
      $0.inspector.timeline.marks[.merged]?.append(mark(0, .success))
      $0.rounds.isComplete = true
    }
  }

  func testATracedRunQuitsOnlyOnceNoRequestIsInFlight() {
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 1, waitsForRequests: true)
    let sent = RequestRecord(
      id: 1, method: "GET", path: "/orgs/RedMadRobot", loader: .owner, phase: .sent)
    _ = update(&state, .action(.fetch))
    _ = update(&state, .request(sent))
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    _ = updateLoaders(
      &state, organization: .failure(error: Fixture.outage(), cache: nil),
      repositories: .success(content: Fixture.repositories), at: now)
    var ended = sent
    ended.phase = .failed("Server error")
    ended.status = 503
    assertUpdate(
      &state, .request(ended), commands: [.drainRequestEvents],
      "none in flight: the events the client reported before come first"
    ) {
      $0.inspector.record(ended)
      $0.rounds.drain = .asked
    }
    assertUpdate(&state, .requestEventsDrained, commands: [.quit(.failure)], "only now") {
      $0.rounds.drain = .done
      $0.rounds.isComplete = true
    }
  }

  /// The loaders settle before the client's queue hands over the last request's events (the
  /// request was not seen in flight): the run waits for them, and for that request's end.
  func testATracedRunWaitsForTheEventsOfARequestNotSeenYet() {
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 1, waitsForRequests: true)
    _ = update(&state, .action(.fetch))
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    let done = next(state.repositories, .success(content: Fixture.repositories))
    assertUpdate(
      &state, .loaderChanged(.repositories(done), at: now),
      commands: [.drainRequestEvents, .trimMemory],
      "no request seen, none seen in flight: the client's events first, no quit"
    ) {
      $0.repositories.take(done, at: now)
      $0.inspector.timeline.note(
        login: $0.ownerLogin, owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: now)
      $0.rounds.drain = .asked
    }
    let sent = RequestRecord(
      id: 5, method: "GET", path: "/orgs/RedMadRobot/repos?page=4", loader: .repositories,
      phase: .sent)
    assertUpdate(&state, .request(sent), commands: [], "a request's events, late") {
      $0.inspector.record(sent)
    }
    assertUpdate(&state, .requestEventsDrained, commands: [], "one is in flight") {
      $0.rounds.drain = .done
    }
    var ended = sent
    ended.phase = .finished
    ended.status = 200
    assertUpdate(&state, .request(ended), commands: [.quit(.success)], "its end printed") {
      $0.inspector.record(ended)
      $0.rounds.isComplete = true
    }
  }

  /// Ctrl-C while requests are in flight: they are cancelled and the run quits with the
  /// signal's code once each has ended (and its end is printed); a second stop quits at once.
  func testATracedRunStoppedWithRequestsInFlightQuitsOnceTheyEnd() {
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 1, waitsForRequests: true)
    _ = update(&state, .action(.fetch))
    let records = [
      (1, "/orgs/RedMadRobot", LoaderKind.owner), (2, "/orgs/RedMadRobot/repos", .repositories),
    ]
    .map { RequestRecord(id: $0.0, method: "GET", path: $0.1, loader: $0.2, phase: .sent) }
    for record in records { _ = update(&state, .request(record)) }
    assertUpdate(&state, .stop(.signal(2)), commands: [.cancelRequests(.signal(2))]) {
      $0.rounds.stopping = .signal(2)
    }
    var ends = records
    for index in ends.indices { ends[index].phase = .failed("The request was cancelled.") }
    assertUpdate(&state, .request(ends[0]), commands: [], "one still in flight") {
      $0.inspector.record(ends[0])
    }
    assertUpdate(&state, .request(ends[1]), commands: [.quit(.signal(2))], "the last one ended") {
      $0.inspector.record(ends[1])
    }
    var again = state
    again.rounds.stopping = nil
    again.inspector = state.inspector
    _ = update(&again, .request(records[0]))
    _ = update(&again, .stop(.signal(15)))
    XCTAssertEqual(update(&again, .stop(.signal(15))), [.quit(.signal(15))], "a second stop")
  }
}
