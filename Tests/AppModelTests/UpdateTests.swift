import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// `update`, as a reducer: a state and an event give the whole next state and the commands.
/// Each test says what the next state is by changing the state before it, field by field, so
/// anything else `update` changes fails the test.
final class UpdateTests: XCTestCase {
  private let now = Fixture.now

  private func snapshot<T>(_ state: LoadingState<T>, change: Int, status: LoaderStatus = .init())
    -> LoaderSnapshot<T>
  {
    LoaderSnapshot(state: state, status: status, changeCount: change)
  }

  private func mark(_ seconds: TimeInterval, _ stateCase: StateCase) -> InspectorTimeline.Mark {
    InspectorTimeline.Mark(at: now + seconds, stateCase: stateCase)
  }

  // MARK: - The Fetch button and the loaders

  func testFetchAsksForBothLoadersAndCountsTheRound() {
    var state = Fixture.state()
    assertUpdate(&state, .key(.character("f")), commands: [.fetchBoth(round: 1)]) {
      $0.rounds.fetches = 1
    }
    assertUpdate(&state, .key(.enter), commands: [.fetchBoth(round: 2)], "Enter on the button") {
      $0.rounds.fetches = 2
    }
  }

  func testAFetchWhileBothLoadJoinsThemInTheSameRound() {
    var state = Fixture.state()
    _ = update(&state, .key(.character("f")))
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    assertUpdate(&state, .key(.character("f")), commands: [.fetchBoth(round: 1)])
  }

  func testALoaderStartingAsksForSpinnerTicksAndMarksTheTimeline() {
    var state = Fixture.state()
    let loading = snapshot(LoadingState<Owner>.loading(cache: nil), change: 1)
    assertUpdate(
      &state, .loaderChanged(.owner(loading), at: now),
      commands: [.wake(at: now + Spinner.interval)]
    ) {
      $0.owner.snapshot = loading
      $0.inspector.timeline.start = now
      $0.inspector.timeline.login = $0.ownerLogin
      $0.inspector.timeline.marks = [
        .owner: [mark(0, .loading)], .merged: [mark(0, .loading)],
      ]
      $0.pendingWake = now + Spinner.interval
    }
    XCTAssertEqual(update(&state, .key(.character("j"))), [], "a key keeps the pending tick")
  }

  func testHeadlessAsksForNoWakeWhileALoadWaits() {
    // The transcript shows no spinner or age: a wake would only spend CPU while requests wait.
    var state = Fixture.state()
    state.rounds = FetchRounds(planned: 1)
    let loading = snapshot(LoadingState<Owner>.loading(cache: nil), change: 1)
    assertUpdate(&state, .loaderChanged(.owner(loading), at: now), commands: []) {
      $0.owner.snapshot = loading
      $0.inspector.timeline.start = now
      $0.inspector.timeline.login = $0.ownerLogin
      $0.inspector.timeline.marks[.owner] = [mark(0, .loading)]
      $0.inspector.timeline.marks[.merged] = [mark(0, .loading)]
    }
    assertUpdate(&state, .tick(now + 1), commands: [], "a tick asks for no next one") {
      $0.now = now + 1
      $0.spinnerFrame = 1
    }
  }

  func testBothLoadersSucceedingRecordWhenAndWakeWhenJustNowEnds() {
    var state = Fixture.state()
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    let organization = snapshot(LoadingState.success(content: Fixture.organization), change: 2)
    assertUpdate(
      &state, .loaderChanged(.owner(organization), at: now + 2), commands: []
    ) {
      $0.now = now + 2
      $0.owner.snapshot = organization
      $0.owner.succeededAt = now + 2
      $0.inspector.timeline.marks[.owner]?.append(mark(2, .success))
    }
    let repositories = snapshot(LoadingState.success(content: Fixture.repositories), change: 2)
    assertUpdate(
      &state, .loaderChanged(.repositories(repositories), at: now + 2),
      commands: [.wake(at: now + 12), .trimMemory]
    ) {
      $0.repositories.snapshot = repositories
      $0.repositories.succeededAt = now + 2
      $0.inspector.timeline.marks[.repositories]?.append(mark(2, .success))
      $0.inspector.timeline.marks[.merged]?.append(mark(2, .success))
      $0.pendingWake = now + 12
    }
  }

  func testReloadIsOneLoaderWhoseChangeReachesBothPanes() {
    var state = Fixture.loaded()
    assertUpdate(&state, .key(.character("r")), commands: [.reloadRepositories])
    // The runtime reloads the one repositories loader; its change reaches both panes.
    let reloading = next(state.repositories, .loading(cache: Fixture.repositories))
    assertUpdate(
      &state, .loaderChanged(.repositories(reloading), at: now + 1),
      commands: [.wake(at: now + 1 + Spinner.interval)],
      lists: [.fetch: Fixture.repositories.map(\.name), .result: Fixture.repositories.map(\.name)]
    ) {
      $0.now = now + 1
      $0.repositories.snapshot = reloading
      $0.inspector.timeline.marks[.repositories]?.append(mark(1, .loading))
      $0.inspector.timeline.marks[.merged]?.append(mark(1, .loading))
      $0.pendingWake = now + 1 + Spinner.interval
    }
    // Both panes spin over the list they had (listed above).
    for pane in [PaneID.fetch, .result] {
      let header = PaneHeader.lines(state, pane, width: 38).map(\.text)
      XCTAssertTrue(header.contains("⠋ Loading…"), "\(pane): \(header)")
    }
  }

  func testAChangeOfAnotherErrorIsTakenThoughTheStatesCompareEqual() {
    var state = Fixture.state()
    let first = snapshot(
      LoadingState<Owner>.failure(error: Fixture.Outage(), cache: nil), change: 1)
    _ = update(&state, .loaderChanged(.owner(first), at: now))
    let second = snapshot(
      LoadingState<Owner>.failure(error: Fixture.outage(), cache: nil), change: 2)
    assertUpdate(&state, .loaderChanged(.owner(second), at: now), commands: []) {
      $0.owner.snapshot = second
    }
    XCTAssertEqual(state.owner.state.error as? GitHubError, Fixture.outage(), "its error")
  }

  // MARK: - Keys

  func testQuitKeysQuitAndEscapeAltAndUnboundKeysChangeNothing() {
    for key in [Key.character("q"), .interrupt] {
      var state = Fixture.state()
      assertUpdate(&state, .key(key), commands: [.quit(.success)])
    }
    var state = Fixture.loaded()
    for key in [Key.escape, .alt("x"), .function(5), .delete] {
      assertUpdate(&state, .key(key), commands: [])
    }
  }

  func testTabAndArrowsMoveFocusAroundAndBack() {
    var state = Fixture.state()
    let order: [(Key, Focus)] = [
      (.tab, .fetchList), (.right, .resultList), (.tab, .fetchButton), (.backTab, .resultList),
      (.left, .fetchList),
    ]
    for (key, focus) in order {
      assertUpdate(&state, .key(key), commands: []) { $0.focus = focus }
    }
  }

  func testTheSelectionMovesWithinTheListAndTheViewFollowsIt() {
    var state = Fixture.loaded(columns: 80, rows: 10)
    state.focus = .resultList
    // The Result pane shows 5 rows for 4 repositories: the selection moves, the view stays.
    for selected in [1, 2, 3, 3] {
      assertUpdate(&state, .key(.down), commands: []) { $0.lists.selected[.result] = selected }
    }
    state.focus = .fetchList
    // The Fetch pane shows 3 of 4 rows: the view scrolls once the selection leaves it.
    let steps: [(Key, selected: Int, scroll: Int)] = [
      (.character("j"), 1, 0), (.character("j"), 2, 0), (.character("j"), 3, 1), (.home, 0, 0),
      (.end, 3, 1), (.pageUp, 1, 0), (.character("k"), 0, 0), (.pageDown, 2, 1),
    ]
    for (key, selected, scroll) in steps {
      assertUpdate(&state, .key(key), commands: []) {
        $0.lists.selected[.fetch] = selected
        $0.scroll[.fetch] = scroll
      }
    }
  }

  func testHelpOpensAndAnyKeyClosesIt() {
    var state = Fixture.state()
    assertUpdate(&state, .key(.character("?")), commands: []) { $0.showHelp = true }
    assertUpdate(&state, .key(.character("f")), commands: [], "the key only closes the help") {
      $0.showHelp = false
    }
  }

  func testOutageToggleOnlyWithTheBuiltInServer() {
    var state = Fixture.state()
    assertUpdate(&state, .key(.character("x")), commands: [.setOutage(true)]) {
      $0.outage = true
      $0.notice = "Outage on: the built-in server fails every request."
    }
    assertUpdate(&state, .key(.character("x")), commands: [.setOutage(false)]) {
      $0.outage = false
      $0.notice = "Outage off: requests succeed again."
    }
    state.canToggleOutage = false
    assertUpdate(&state, .key(.character("x")), commands: []) {
      $0.notice = "x works only with the built-in server."
    }
  }

  /// The notice of `x` goes with the next key; the outage stays on, and the status bar says
  /// so for as long as it is.
  func testTheOutageStaysOnAfterTheNextKeyAndTheStatusBarSaysSo() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("x")))
    assertUpdate(&state, .key(.character("z")), commands: [], "any key") { $0.notice = nil }
    XCTAssertTrue(state.outage)
    XCTAssertTrue(statusBarLine(state, width: 100).hasPrefix(" outage on │ "))
    _ = update(&state, .key(.character("x")))
    _ = update(&state, .key(.character("z")))
    XCTAssertFalse(statusBarLine(state, width: 100).contains("outage"))
  }

  // MARK: - Time

  func testTicksAdvanceTheSpinnerOnlyWhileLoading() {
    var state = Fixture.loaded()
    state.pendingWake = nil
    assertUpdate(&state, .tick(now + 1), commands: [.wake(at: now + 7)]) {
      $0.now = now + 1
      $0.pendingWake = now + 7
    }
    let started = update(&state, repositories: .loading(cache: nil), at: now + 1)
    let spinner = now + 1 + Spinner.interval
    XCTAssertEqual(started, [.wake(at: spinner)], "the spinner ticks, not the age's wake")
    assertUpdate(&state, .tick(spinner), commands: [.wake(at: spinner + Spinner.interval)]) {
      $0.now = spinner
      $0.spinnerFrame = 1
      $0.pendingWake = spinner + Spinner.interval
    }
  }

  func testNothingLoadedAsksForNoTimerAtAll() {
    var state = Fixture.state()
    assertUpdate(&state, .key(.character("j")), commands: []) { $0.focus = .fetchList }
    assertUpdate(&state, .tick(now), commands: [])
  }

  func testAResizeChangesOnlyTheSizeAndAsksForEveryCellAgain() {
    var state = Fixture.loaded(columns: 100, rows: 30)
    assertUpdate(&state, .resize(Size(columns: 40, rows: 12)), commands: [.repaint]) {
      $0.size = Size(columns: 40, rows: 12)
    }
  }

  func testTheMemoryTrimIsAskedForOnceWhenTheLastLoadEnds() {
    var state = Fixture.state()
    func trims(_ commands: [Command]) -> Int { commands.filter { $0 == .trimMemory }.count }
    let started = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    XCTAssertEqual(trims(started), 0)
    let one = update(&state, organization: .success(content: Fixture.organization), at: now)
    XCTAssertEqual(trims(one), 0, "the repositories still load")
    let both = update(&state, repositories: .success(content: Fixture.repositories), at: now)
    XCTAssertEqual(trims(both), 1, "both loaders settled")
    XCTAssertEqual(trims(update(&state, .tick(now + 1))), 0, "nothing loads, as before")
    _ = update(&state, repositories: .loading(cache: Fixture.repositories), at: now)
    let reloaded = update(&state, repositories: .success(content: Fixture.repositories), at: now)
    XCTAssertEqual(trims(reloaded), 1, "a reload ended")
  }

  func testAStopEventQuitsWithItsCodeAndChangesNothing() {
    var state = Fixture.loaded()
    assertUpdate(&state, .stop(.hangUp), commands: [.quit(.hangUp)])
  }
}
