import ApexyLoader
import XCTest

@testable import ApexyHTTP
@testable import AppCore
@testable import GitHubAPI

/// The event loop against a fake terminal, a fake scheduler and a fake clock: keys in, frames
/// out, no ncurses and no sleeping.
@MainActor
final class AppLoopTests: XCTestCase {
  private var terminal: FakeTerminal!
  private var scheduler: FakeScheduler!
  private var clock: FakeClock!
  private var client: FakeClient!
  private var loop: AppLoop!
  private var outage: [Bool] = []

  override func setUp() async throws {
    await MainActor.run {
      terminal = FakeTerminal(size: Size(columns: 100, rows: 12))
      scheduler = FakeScheduler()
      clock = FakeClock(Fixture.now)
      client = FakeClient()
      let pair = LoaderPair(
        organization: OrganizationLoader(
          apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()),
        repositories: RepositoriesLoader(
          apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()))
      loop = AppLoop(
        state: Fixture.state(columns: 100, rows: 12), terminal: terminal, loaders: pair,
        scheduler: scheduler, clock: { [clock] in clock!.now },
        setOutage: { [weak self] in self?.outage.append($0) })
      loop.start()
    }
  }

  func testStartDrawsOneFullFrame() async {
    XCTAssertEqual(terminal.frames.count, 1)
    XCTAssertTrue(terminal.diffs[0].clearsScreen)
    XCTAssertTrue(terminal.frames[0].contains { $0.contains("Press f or Enter to fetch") })
  }

  func testOneFetchKeyIsThreeEventsEachWithOneFrameInOrder() async {
    loop.send(.key(.character("f")))
    // The key, then one loader change per loader, each its own update and its own frame:
    // the observers queued their events instead of running `update` inside the first one.
    XCTAssertEqual(terminal.frames.count, 4)
    XCTAssertEqual(client.pendingPaths.count, 2)
    XCTAssertTrue(client.pendingPaths[0].contains("/repos"), "repositories first")
    let keyFrame = terminal.frames[1].joined(separator: "\n")
    XCTAssertFalse(keyFrame.contains("Loading…"), "the key's own frame precedes the loads")
    let last = terminal.frames[3].joined(separator: "\n")
    XCTAssertEqual(last.components(separatedBy: "Loading…").count - 1, 2, "both panes spin")
    XCTAssertEqual(scheduler.wakeDate, Fixture.now.addingTimeInterval(Spinner.interval))
    XCTAssertFalse(terminal.diffs[1].clearsScreen, "only changed cells are written")
  }

  func testATickAdvancesTheSpinnerAndAsksForTheNextOne() async {
    loop.send(.key(.character("f")))
    let before = loop.state.spinnerFrame
    clock.now = Fixture.now.addingTimeInterval(0.1)
    scheduler.fireWake()
    XCTAssertEqual(loop.state.spinnerFrame, before + 1)
    XCTAssertEqual(scheduler.wakeDate, Fixture.now.addingTimeInterval(0.2))
    XCTAssertEqual(terminal.frames.count, 5)
    XCTAssertEqual(terminal.diffs[4].changes.count, 2, "one spinner cell in each pane")
  }

  func testLoadedOrganizationShowsInTheFetchPaneAndTheTimerStops() async {
    loop.send(.key(.character("f")))
    let settled = expectation(description: "both loaded")
    terminal.onFrame = { lines in
      if lines.contains(where: { $0.contains("Apexy") }), !lines.joined().contains("Loading…") {
        settled.fulfill()
      }
    }
    client.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    let page = RepositoriesPage(body: Data(#"[{"name":"Apexy","stargazers_count":207}]"#.utf8))
    client.complete("page=1", with: .success(page))
    await fulfillment(of: [settled], timeout: 5)
    XCTAssertTrue(terminal.frames.last!.contains { $0.contains("Red Mad Robot") })
    XCTAssertEqual(
      scheduler.wakeDate, Fixture.now.addingTimeInterval(10), "next: when 'just now' changes")
  }

  func testQuitEndsTheLoopClosesTheTerminalAndDrawsNothingMore() async {
    loop.send(.key(.character("q")))
    XCTAssertEqual(loop.exitCode, 0)
    XCTAssertTrue(terminal.isClosed)
    XCTAssertEqual(terminal.frames.count, 1)
    loop.send(.key(.character("f")))
    XCTAssertEqual(client.pendingPaths, [], "no event is handled after quitting")
  }

  func testASignalStopsWithItsExitCode() async {
    loop.send(.stop(exitCode: 143))
    XCTAssertEqual(loop.exitCode, 143)
    XCTAssertTrue(terminal.isClosed)
    XCTAssertNil(scheduler.wakeDate)
  }

  func testAResizeRepaintsEveryCellAtTheNewSize() async {
    terminal.size = Size(columns: 60, rows: 10)
    loop.send(.resize(terminal.size))
    XCTAssertTrue(terminal.diffs.last!.clearsScreen)
    XCTAssertEqual(terminal.frames.last!.count, 10)
    XCTAssertTrue(terminal.frames.last![0].hasPrefix("[Fetch]"), "narrow: tabs")
  }

  func testOutageKeyReachesTheServerSwitch() async {
    loop.send(.key(.character("x")))
    loop.send(.key(.character("x")))
    XCTAssertEqual(outage, [true, false])
  }

  func testCtrlZSuspendsThenRedrawsEverythingAtTheSizeAfterFg() async {
    terminal.sizeAfterSuspend = Size(columns: 60, rows: 10)
    loop.send(.key(.suspend))
    XCTAssertEqual(terminal.suspensions, 1)
    XCTAssertEqual(terminal.frames.count, 2, "no stale frame at the old size, one at the new")
    XCTAssertTrue(terminal.diffs[1].clearsScreen)
    XCTAssertEqual(terminal.frames[1].count, 10)
    XCTAssertEqual(loop.state.size, Size(columns: 60, rows: 10))
  }

  func testCtrlLRepaintsEveryCell() async {
    loop.send(.key(.repaint))
    XCTAssertEqual(terminal.frames.count, 2)
    XCTAssertTrue(terminal.diffs[1].clearsScreen)
    XCTAssertEqual(terminal.diffs[1].changes.count, 100 * 12)
  }
}

/// The runtime's side of `o` and `y`: the opener is called with the address, a failure comes
/// back as a notice, and a copy goes to the terminal.
@MainActor
final class AppLoopActionTests: XCTestCase {
  func testOpenFailureIsANoticeAndCopyReachesTheTerminal() async {
    let terminal = FakeTerminal(size: Size(columns: 100, rows: 12))
    let client = FakeClient()
    var opened: [URL] = []
    let loop = AppLoop(
      state: Fixture.state(columns: 100, rows: 12), terminal: terminal,
      loaders: LoaderPair(
        organization: OrganizationLoader(
          apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()),
        repositories: RepositoriesLoader(
          apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer())),
      scheduler: FakeScheduler(), clock: { Fixture.now },
      openURL: {
        opened.append($0)
        return "No browser: set BROWSER."
      })
    loop.start()
    let repository = Repository(
      name: "Apexy", details: RepositoryDetails(htmlURL: "https://github.com/RedMadRobot/Apexy"))
    loop.send(
      .loadersChanged(
        organization: .success(content: Fixture.organization),
        repositories: .success(content: [repository]), at: Fixture.now))
    loop.send(.key(.tab))
    loop.send(.key(.character("o")))
    XCTAssertEqual(opened.map(\.absoluteString), ["https://github.com/RedMadRobot/Apexy"])
    XCTAssertEqual(loop.state.notice, "No browser: set BROWSER.")
    XCTAssertTrue(terminal.frames.last!.last!.contains("No browser: set BROWSER."))
    loop.send(.key(.character("y")))
    XCTAssertEqual(terminal.copies, ["https://github.com/RedMadRobot/Apexy"])
  }
}

/// The inspector's sources: the names the loaders list for the loop's observations, and the
/// client's request events, delivered through the relay onto the loop.
@MainActor
final class AppLoopInspectorTests: XCTestCase {
  func testObserverNamesComeFromTheLoadersAndRequestsFromTheRelay() async {
    let terminal = FakeTerminal(size: Size(columns: 100, rows: 24))
    let client = FakeClient()
    let pair = LoaderPair(
      organization: OrganizationLoader(
        apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()),
      repositories: RepositoriesLoader(
        apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()))
    let relay = RequestEventRelay()
    let loop = AppLoop(
      state: Fixture.state(columns: 100, rows: 24), terminal: terminal, loaders: pair,
      scheduler: FakeScheduler(), clock: { Fixture.now }, requests: relay,
      sanitizer: TextSanitizer(secrets: ["s3cret"]))
    loop.start()
    XCTAssertEqual(
      loop.state.inspector.observers[.repositories],
      ["Fetch pane", "Result pane", "status bar", "inspector"])
    XCTAssertEqual(pair.repositories.observerNames, loop.state.inspector.observers[.repositories])
    XCTAssertEqual(
      pair.organization.observerNames, ["Fetch pane", "status bar", "inspector"])
    let arrived = expectation(description: "the request reaches the state")
    terminal.onFrame = { _ in
      if loop.state.inspector.requests.count == 1 { arrived.fulfill() }
    }
    relay.deliver(
      RequestLifeEvent(
        id: 7, method: "GET", url: URL(string: "http://127.0.0.1/orgs/x/repos?t=s3cret"),
        startedAt: Fixture.now, date: Fixture.now, kind: .created))
    await fulfillment(of: [arrived], timeout: 5)
    XCTAssertEqual(loop.state.inspector.requests.first?.path.contains("s3cret"), false)
    XCTAssertEqual(loop.state.inspector.counts[.repositories]?.inFlight, 1)
    loop.send(.stop(exitCode: 0))
    XCTAssertEqual(pair.repositories.observerNames, [], "quitting releases every observation")
  }
}
