import ApexyLoader
import AppFormats
import AppModel
import AppRendering
import AppRuntime
import AppTestSupport
import GitHubAPI
import XCTest

/// One program, two backends: the same event script through the terminal backend and through the
/// transcript backend. The Fetch pane shows every case the transcript's merged lines name, in the
/// same order, and the Result pane every case of its repositories lines.
@MainActor
final class BackendsAgreeTests: XCTestCase {
  /// What the script does: fetch, then answer each request the loaders send, in this order.
  private typealias Script = [(suffix: String, result: Result<Any, Error>)]

  private let page = RepositoriesPage(
    body: Data(#"[{"name":"Apexy","stargazers_count":207},{"name":"ios-interview"}]"#.utf8))

  /// Runs `script` on `app` (fetching first), answering one request at a time.
  private func run(_ script: Script, on app: LoopHarness) async {
    app.loop.start([.action(.fetch)])
    for step in script {
      await app.complete(step.suffix, with: step.result)
    }
  }

  /// The cases a pane showed, frame by frame, each kept once until it changes.
  private func cases(_ frames: [[String]], pane: PaneID) -> [StateCase] {
    var seen: [StateCase] = []
    for frame in frames {
      // The panes stand side by side: the Fetch pane is the left half, the Result pane the right.
      let half = frame.map { line -> String in
        let characters = Array(line)
        let middle = min(characters.count, 50)
        return String(pane == .fetch ? characters[..<middle] : characters[middle...])
      }
      let text = half.joined(separator: "\n")
      let shown: StateCase =
        text.contains("Loading…")
        ? .loading
        : text.contains("✗ ")
          ? .failure
          : text.contains("Repositories") ? .success : .initial
      if seen.last != shown { seen.append(shown) }
    }
    return seen
  }

  /// The cases the transcript's lines of `subject` named, each kept once until it changes.
  private func cases(_ lines: [String], subject: String) -> [StateCase] {
    var seen: [StateCase] = [.initial]
    for line in lines where line.hasPrefix(subject) {
      let body = line.dropFirst(13)
      let named: StateCase =
        body.hasPrefix("Loading") || body.hasPrefix("Retrying")
        ? .loading
        : body.hasPrefix("Success") ? .success : body.hasPrefix("Failure") ? .failure : .initial
      if seen.last != named { seen.append(named) }
    }
    return seen
  }

  private func assertBackendsAgree(
    _ script: Script, expected: (merged: [StateCase], repositories: [StateCase]),
    file: StaticString = #filePath, line: UInt = #line
  ) async {
    let terminal = LoopHarness(columns: 100, rows: 14)
    await run(script, on: terminal)
    let transcript = LoopHarness(
      columns: 100, rows: 14, headless: Transcript.Options(timestamps: false))
    await run(script, on: transcript)
    let lines = transcript.transcript.lines
    XCTAssertEqual(
      cases(lines, subject: "merged"), expected.merged, "\(lines)", file: file, line: line)
    XCTAssertEqual(
      cases(lines, subject: "repositories"), expected.repositories, "\(lines)", file: file,
      line: line)
    XCTAssertEqual(
      cases(terminal.screen.frames, pane: .fetch), expected.merged, "the Fetch pane", file: file,
      line: line)
    XCTAssertEqual(
      cases(terminal.screen.frames, pane: .result), expected.repositories, "the Result pane",
      file: file, line: line)
    XCTAssertEqual(
      transcript.loop.exitCode != nil, true, "the transcript quit", file: file, line: line)
  }

  func testAFetchThatSucceedsIsTheSameTransitionsOnBothBackends() async {
    await assertBackendsAgree(
      [("orgs/RedMadRobot", .success(Fixture.organization)), ("page=1", .success(page))],
      expected: ([.initial, .loading, .success], [.initial, .loading, .success]))
  }

  func testAFetchWhoseRepositoriesFailIsTheSameTransitionsOnBothBackends() async {
    await assertBackendsAgree(
      [
        ("page=1", .failure(Fixture.outage())),
        ("orgs/RedMadRobot", .success(Fixture.organization)),
      ],
      expected: ([.initial, .loading, .failure], [.initial, .loading, .failure]))
  }

  func testTheTranscriptQuitsThroughUpdateWithTheMergedStatesExitCode() async {
    let success = LoopHarness(headless: Transcript.Options(timestamps: false))
    await run(
      [("orgs/RedMadRobot", .success(Fixture.organization)), ("page=1", .success(page))],
      on: success)
    XCTAssertEqual(success.loop.exitCode, .success)
    XCTAssertEqual(
      success.transcript.lines.last, "done: 1 round, success: Red Mad Robot with 2 repositories")
    let failure = LoopHarness(headless: Transcript.Options(timestamps: false))
    await run(
      [("orgs/RedMadRobot", .failure(Fixture.outage())), ("page=1", .success(page))],
      on: failure)
    XCTAssertEqual(failure.loop.exitCode, .failure)
    XCTAssertEqual(
      failure.transcript.errors,
      ["loader-tui: Server error (HTTP 503: Service Unavailable); try again later."])
  }

  /// Ctrl-C (or any signal that quits) before the rounds end: the summary still comes, in text
  /// and JSON, saying the run was interrupted and what it had read.
  func testASignalBeforeTheRoundsEndStillPrintsTheSummary() async {
    let expected = [
      "done: 1 round, interrupted by SIGINT: read Red Mad Robot",
      #"{"error":null,"interrupted":"SIGINT","ok":false,"organization":"Red Mad Robot","#
        + #""rounds":1,"summary":true}"#,
    ]
    for (json, line) in zip([false, true], expected) {
      let app = LoopHarness(headless: Transcript.Options(json: json, timestamps: false))
      app.loop.start([.action(.fetch)])
      await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
      app.loop.send(.stop(.signal(SIGINT)))
      XCTAssertEqual(app.loop.exitCode, .signal(SIGINT))
      XCTAssertEqual(app.transcript.lines.last, line)
    }
  }

  func testTwoRoundsFetchAgainOnlyOnceTheFirstSettled() async {
    let app = LoopHarness(headless: Transcript.Options(timestamps: false), rounds: 2)
    app.loop.start([.action(.fetch)])
    XCTAssertEqual(app.server.rounds, [1])
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    XCTAssertEqual(app.server.rounds, [1], "the repositories are still loading")
    await app.complete("page=1", with: .success(page))
    XCTAssertEqual(app.server.rounds, [1, 2], "round 2 starts once both settled")
    XCTAssertNil(app.loop.exitCode)
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    await app.complete("page=1", with: .success(page))
    XCTAssertEqual(app.loop.exitCode, .success)
    XCTAssertEqual(
      app.transcript.lines.last, "done: 2 rounds, success: Red Mad Robot with 2 repositories")
  }

  func testAFailedLineEndsTheRunThroughUpdateWithItsExitCode() async {
    let app = LoopHarness(headless: Transcript.Options(timestamps: false))
    app.transcript.failAt = 1
    app.loop.start([.action(.fetch)])
    XCTAssertEqual(app.loop.exitCode, .outputFailed, "the second line failed")
    XCTAssertEqual(app.transcript.lines, ["repositories Loading: nothing cached"])
    app.client.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    await mainQueueTurn()
    XCTAssertEqual(app.transcript.lines.count, 1, "nothing is written after the failed line")
    XCTAssertEqual(app.loaders.firstOwner.owner.observerNames, [], "quit: the observations went")
  }
}
