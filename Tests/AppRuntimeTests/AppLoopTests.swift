import ApexyLoader
import AppTestSupport
import XCTest

@testable import ApexyHTTP
@testable import AppModel
@testable import AppRendering
@testable import AppRuntime
@testable import GitHubAPI

/// The event loop on the terminal backend, against a screen in memory, a fake scheduler and a
/// fake clock: keys in, frames out, no ncurses and no sleeping.
@MainActor
final class AppLoopTests: XCTestCase {
  private var app: LoopHarness!

  override func setUp() async throws {
    await MainActor.run {
      app = LoopHarness()
      app.loop.start()
    }
  }

  func testStartDrawsOneFullFrame() async {
    XCTAssertEqual(app.screen.frames.count, 1)
    XCTAssertTrue(app.screen.diffs[0].clearsScreen)
    XCTAssertTrue(app.screen.frames[0].contains { $0.contains("Press f or Enter to fetch") })
  }

  func testOneFetchKeyIsThreeEventsInTwoFramesInOrder() async {
    app.loop.send(.key(.character("f")))
    // The key, then one loader change per loader, each its own update: the observers queued
    // their events instead of running `update` inside the first one. The key has its frame;
    // the two changes, queued together, share the next.
    XCTAssertEqual(app.screen.frames.count, 3)
    XCTAssertEqual(app.client.pendingPaths.count, 2)
    XCTAssertTrue(app.client.pendingPaths[0].contains("/repos"), "repositories first")
    XCTAssertEqual(app.server.rounds, [1], "the built-in server hears the round")
    let keyFrame = app.screen.frames[1].joined(separator: "\n")
    XCTAssertFalse(keyFrame.contains("Loading…"), "the key's own frame precedes the loads")
    XCTAssertEqual(app.lastFrame.components(separatedBy: "Loading…").count - 1, 2, "both spin")
    XCTAssertEqual(app.scheduler.wakeDate, Fixture.now.addingTimeInterval(Spinner.interval))
    XCTAssertFalse(app.screen.diffs[1].clearsScreen, "only changed cells are written")
  }

  func testAFetchWhileBothLoadJoinsThemAndStartsNoRound() async {
    app.loop.send(.key(.character("f")))
    app.loop.send(.key(.character("f")))
    XCTAssertEqual(app.client.pendingPaths.count, 2, "nothing more is sent")
    XCTAssertEqual(app.server.rounds, [1, 1], "still the first round")
  }

  func testATickAdvancesTheSpinnerAndAsksForTheNextOne() async {
    app.loop.send(.key(.character("f")))
    let before = app.loop.state.spinnerFrame
    app.clock.now = Fixture.now.addingTimeInterval(0.1)
    app.scheduler.fireWake()
    XCTAssertEqual(app.loop.state.spinnerFrame, before + 1)
    XCTAssertEqual(app.scheduler.wakeDate, Fixture.now.addingTimeInterval(0.2))
    XCTAssertEqual(app.screen.frames.count, 4)
    XCTAssertEqual(app.screen.diffs[3].changes.count, 2, "one spinner cell in each pane")
  }

  func testALoaderChangeIsTakenOnTheNextTurnOfTheMainQueueNotInsideTheNotification() async {
    app.loop.send(.key(.character("f")))
    let frames = app.screen.frames.count
    app.client.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    XCTAssertEqual(app.screen.frames.count, frames, "queued, not handled inside the change")
    XCTAssertTrue(app.loop.state.owner.state.isLoading)
    await mainQueueTurn()
    XCTAssertEqual(app.screen.frames.count, frames + 1)
    XCTAssertEqual(app.loop.state.owner.state, .success(content: Fixture.organization))
  }

  /// Frames keep pace with the screen: events that wait together (pages that came while a
  /// frame was drawn) make one frame, the state after the last; one that comes alone is drawn
  /// at once.
  func testEventsThatWaitTogetherAreOneFrame() async {
    let frames = app.screen.frames.count
    app.loop.post(.key(.character("s")))
    app.loop.post(.key(.character("s")))
    app.loop.post(.notice("three events, one frame"))
    await mainQueueTurn()
    XCTAssertEqual(app.screen.frames.count, frames + 1, "three events waiting: one frame")
    XCTAssertEqual(app.loop.state.sort, .stars, "the state after all three")
    XCTAssertTrue(app.lastFrame.contains("three events, one frame"), app.lastFrame)
    app.loop.post(.key(.character("s")))
    await mainQueueTurn()
    XCTAssertEqual(app.screen.frames.count, frames + 2, "an event alone: a frame at once")
  }

  func testLoadedOrganizationShowsInTheFetchPaneAndTheTimerStops() async {
    app.loop.send(.key(.character("f")))
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    let page = RepositoriesPage(body: Data(#"[{"name":"Apexy","stargazers_count":207}]"#.utf8))
    await app.complete("page=1", with: .success(page))
    XCTAssertTrue(app.lastFrame.contains("Red Mad Robot"), app.lastFrame)
    XCTAssertTrue(app.lastFrame.contains("Apexy"), app.lastFrame)
    XCTAssertFalse(app.lastFrame.contains("Loading…"), app.lastFrame)
    XCTAssertEqual(
      app.scheduler.wakeDate, Fixture.now.addingTimeInterval(10),
      "next: when 'just now' changes")
  }

  func testTheMemoryTrimRunsOnceWhenTheLastLoadEnds() async {
    app.loop.send(.key(.character("f")))
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    XCTAssertEqual(app.server.trims, 0, "the repositories still load")
    let page = RepositoriesPage(body: Data(#"[{"name":"Apexy","stargazers_count":207}]"#.utf8))
    await app.complete("page=1", with: .success(page))
    XCTAssertEqual(app.server.trims, 1)
    app.loop.send(.key(.character("j")))
    XCTAssertEqual(app.server.trims, 1, "a key ends no load")
  }

  func testQuitEndsTheLoopClosesTheTerminalAndDrawsNothingMore() async {
    app.loop.send(.key(.character("q")))
    XCTAssertEqual(app.loop.exitCode, .success)
    XCTAssertTrue(app.screen.isClosed)
    XCTAssertEqual(app.screen.frames.count, 1)
    app.loop.send(.key(.character("f")))
    XCTAssertEqual(app.client.pendingPaths, [], "no event is handled after quitting")
  }

  func testASignalStopsWithItsExitCode() async {
    app.loop.send(.stop(.signal(SIGTERM)))
    XCTAssertEqual(app.loop.exitCode?.rawValue, 143)
    XCTAssertTrue(app.screen.isClosed)
    XCTAssertNil(app.scheduler.wakeDate)
  }

  func testAResizeRepaintsEveryCellAtTheNewSize() async {
    app.screen.size = Size(columns: 60, rows: 10)
    app.loop.send(.resize(app.screen.size))
    XCTAssertTrue(app.screen.diffs.last!.clearsScreen)
    XCTAssertEqual(app.screen.frames.last!.count, 10)
    XCTAssertTrue(app.screen.frames.last![0].hasPrefix("[Fetch]"), "narrow: tabs")
  }

  func testOutageKeyReachesTheServerSwitch() async {
    app.loop.send(.key(.character("x")))
    app.loop.send(.key(.character("x")))
    XCTAssertEqual(app.server.outages, [true, false])
  }

  func testCtrlZSuspendsThenRedrawsEverythingAtTheSizeAfterFg() async {
    app.screen.sizeAfterSuspend = Size(columns: 60, rows: 10)
    app.loop.send(.key(.suspend))
    XCTAssertEqual(app.screen.suspensions, 1)
    XCTAssertEqual(app.screen.frames.count, 2, "no stale frame at the old size, one at the new")
    XCTAssertTrue(app.screen.diffs[1].clearsScreen)
    XCTAssertEqual(app.screen.frames[1].count, 10)
    XCTAssertEqual(app.loop.state.size, Size(columns: 60, rows: 10))
  }

  func testCtrlLRepaintsEveryCell() async {
    app.loop.send(.key(.repaint))
    XCTAssertEqual(app.screen.frames.count, 2)
    XCTAssertTrue(app.screen.diffs[1].clearsScreen)
    XCTAssertEqual(app.screen.diffs[1].changes.count, 100 * 12)
  }
}

/// The runtime's side of `o` and `y`: the opener is called with the address, a failure comes
/// back as a notice, and a copy goes to the terminal.
@MainActor
final class AppLoopActionTests: XCTestCase {
  func testOpenFailureIsANoticeAndCopyReachesTheTerminal() async {
    var opened: [URL] = []
    let app = LoopHarness(browserFailure: "No browser: set BROWSER.") { opened.append($0) }
    app.loop.start()
    let repository = Repository(
      name: "Apexy", details: RepositoryDetails(htmlURL: "https://github.com/RedMadRobot/Apexy"))
    app.loop.send(.key(.character("f")))
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    let page = RepositoriesPage(
      body: Data(
        #"[{"name":"Apexy","html_url":"https://github.com/RedMadRobot/Apexy"}]"#.utf8))
    await app.complete("page=1", with: .success(page))
    XCTAssertEqual(app.loop.state.repositories.state.content?.first?.htmlURL, repository.htmlURL)
    app.loop.send(.key(.tab))
    app.loop.send(.key(.character("o")))
    XCTAssertEqual(opened.map(\.absoluteString), ["https://github.com/RedMadRobot/Apexy"])
    XCTAssertEqual(app.loop.state.notice, "No browser: set BROWSER.")
    XCTAssertTrue(app.screen.frames.last!.last!.contains("No browser: set BROWSER."))
    app.loop.send(.key(.character("y")))
    XCTAssertEqual(app.screen.copies, ["https://github.com/RedMadRobot/Apexy"])
  }
}

/// The inspector's sources: what the loaders list as their observers (the loop observes each
/// loader once), which views read each loader (their own declarations), and the client's
/// request events, delivered through the relay onto the loop.
@MainActor
final class AppLoopInspectorTests: XCTestCase {
  func testObserversComeFromTheLoadersViewsFromTheirDeclarationsRequestsFromTheRelay() async {
    let app = LoopHarness(columns: 120, rows: 24, token: "s3cret")
    app.loop.start()
    XCTAssertEqual(app.loaders.firstOwner.repositories.observerNames, ["app loop"], "observed once")
    XCTAssertEqual(app.loaders.firstOwner.owner.observerNames, ["app loop"])
    XCTAssertEqual(app.loop.state.inspector.observers[.repositories], ["app loop"])
    let table = InspectorView.table(app.loop.state)
    XCTAssertTrue(
      table[2].hasSuffix("Fetch pane, Result pane, status bar, inspector (app loop)"), table[2])
    XCTAssertTrue(table[1].hasSuffix("Fetch pane, status bar, inspector (app loop)"), table[1])

    app.requestEvents.deliver(
      RequestLifeEvent(
        id: 7, method: "GET", url: URL(string: "http://127.0.0.1/orgs/x/repos?t=s3cret"),
        startedAt: Fixture.now, date: Fixture.now, kind: .created, subject: "x"))
    await mainQueueTurn()
    await mainQueueTurn()
    XCTAssertEqual(app.loop.state.inspector.requests.first?.path.contains("s3cret"), false)
    XCTAssertEqual(app.loop.state.inspector.counts[.repositories("x")]?.inFlight, 1)
    app.loop.send(.stop(.success))
    XCTAssertEqual(
      app.loaders.firstOwner.repositories.observerNames, [], "quitting releases every observation")
  }
}
