import ApexyLoader
import XCTest

@testable import AppCore
@testable import GitHubAPI

/// Keys and loader changes → state and commands.
final class UpdateTests: XCTestCase {
  private func press(_ state: inout AppState, _ keys: Key...) -> [Command] {
    keys.flatMap { update(&state, .key($0)) }
  }

  func testFetchKeysAskForBothLoaders() {
    var state = Fixture.state()
    XCTAssertEqual(press(&state, .character("f")), [.fetchBoth])
    XCTAssertEqual(press(&state, .enter), [.fetchBoth])
  }

  func testReloadKeyReachesBothPanesThroughTheSharedLoader() {
    var state = Fixture.loaded()
    XCTAssertEqual(press(&state, .character("r")), [.reloadRepositories])
    // The runtime reloads the one repositories loader; its change reaches both panes.
    _ = update(
      &state,
      .loadersChanged(
        organization: .success(content: Fixture.organization),
        repositories: .loading(cache: Fixture.repositories), at: Fixture.now))
    XCTAssertTrue(state.merged.isLoading, "the Fetch pane's merged state loads too")
    let fetch = PaneHeader.lines(state, .fetch, width: 38).map(\.text)
    let result = PaneHeader.lines(state, .result, width: 38).map(\.text)
    XCTAssertTrue(fetch.contains("⠋ Loading…"))
    XCTAssertTrue(result.contains("⠋ Loading…"))
    XCTAssertEqual(state.visibleRepositories(.fetch), Fixture.repositories, "cache stays listed")
    XCTAssertEqual(state.visibleRepositories(.result), Fixture.repositories, "cache stays listed")
  }

  func testQuitKeysAndEscapeNeverQuits() {
    for key in [Key.character("q"), .interrupt] {
      var state = Fixture.state()
      XCTAssertEqual(press(&state, key), [.quit(exitCode: 0)], "\(key)")
    }
    var state = Fixture.loaded()
    let before = state
    XCTAssertEqual(press(&state, .escape, .alt("x"), .function(5), .delete), [])
    XCTAssertEqual(state, before, "Esc, Alt+key and unbound keys change nothing")
  }

  func testTabAndArrowsMoveFocusAroundAndBack() {
    var state = Fixture.state()
    XCTAssertEqual(state.focus, .fetchButton)
    _ = press(&state, .tab)
    XCTAssertEqual(state.focus, .fetchList)
    _ = press(&state, .right)
    XCTAssertEqual(state.focus, .resultList)
    _ = press(&state, .tab)
    XCTAssertEqual(state.focus, .fetchButton)
    _ = press(&state, .backTab)
    XCTAssertEqual(state.focus, .resultList)
    _ = press(&state, .left)
    XCTAssertEqual(state.focus, .fetchList)
  }

  func testTheSelectionMovesWithinTheListAndTheViewFollowsIt() {
    var state = Fixture.loaded(columns: 80, rows: 10)
    state.focus = .resultList
    // The Result pane shows 5 rows for 4 repositories: the selection moves, the view stays.
    _ = press(&state, .down, .down, .down, .down, .down)
    XCTAssertEqual(state.lists.selected[.result], 3, "stops on the last row")
    XCTAssertEqual(state.scroll[.result], 0)
    state.focus = .fetchList
    // The Fetch pane shows 3 of 4 rows: the view scrolls once the selection leaves it.
    _ = press(&state, .character("j"), .character("j"))
    XCTAssertEqual(state.lists.selected[.fetch], 2)
    XCTAssertEqual(state.scroll[.fetch], 0)
    _ = press(&state, .character("j"))
    XCTAssertEqual(state.lists.selected[.fetch], 3)
    XCTAssertEqual(state.scroll[.fetch], 1)
    _ = press(&state, .home)
    XCTAssertEqual(state.lists.selected[.fetch], 0)
    XCTAssertEqual(state.scroll[.fetch], 0)
    _ = press(&state, .end)
    XCTAssertEqual(state.lists.selected[.fetch], 3)
    XCTAssertEqual(state.scroll[.fetch], 1)
    _ = press(&state, .pageUp)
    XCTAssertEqual(state.lists.selected[.fetch], 1)
    _ = press(&state, .character("k"), .character("k"))
    XCTAssertEqual(state.lists.selected[.fetch], 0)
    XCTAssertEqual(state.scroll[.fetch], 0)
    _ = press(&state, .pageDown)
    XCTAssertEqual(state.lists.selected[.fetch], 2)
  }

  func testFilterTypingBackspaceEnterAndEscape() {
    var state = Fixture.loaded()
    _ = press(&state, .character("/"))
    XCTAssertTrue(state.isEditingFilter)
    // While editing, letters are text, not commands.
    XCTAssertEqual(press(&state, .character("q"), .character("i"), .character("f")), [])
    XCTAssertEqual(state.filter, "qif")
    _ = press(&state, .backspace, .backspace, .backspace, .character("k"), .character("t"))
    XCTAssertEqual(state.filter, "kt")
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["android-ktx"])
    _ = press(&state, .enter)
    XCTAssertFalse(state.isEditingFilter)
    XCTAssertEqual(state.filter, "kt")
    _ = press(&state, .character("/"), .escape)
    XCTAssertEqual(state.filter, "")
    XCTAssertEqual(state.visibleRepositories(.result).count, 4)
  }

  func testContentArrivingUnderAFilterIsFilteredIgnoringCase() {
    var state = Fixture.state()
    _ = press(&state, .character("/"), .character("K"), .character("T"), .enter)
    XCTAssertEqual(state.visibleRepositories(.result), [])
    _ = update(
      &state,
      .loadersChanged(
        organization: .success(content: Fixture.organization),
        repositories: .success(content: Fixture.repositories), at: Fixture.now))
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["android-ktx"])
    XCTAssertEqual(state.visibleRepositories(.fetch).map(\.name), ["android-ktx"])
    _ = update(
      &state,
      .loadersChanged(
        organization: .success(content: Fixture.organization),
        repositories: .loading(cache: nil), at: Fixture.now))
    XCTAssertEqual(state.visibleRepositories(.result), [], "no content, nothing listed")
  }

  func testHelpOpensAndAnyKeyClosesIt() {
    var state = Fixture.state()
    _ = press(&state, .character("?"))
    XCTAssertTrue(state.showHelp)
    XCTAssertEqual(press(&state, .character("f")), [], "the key only closes the help")
    XCTAssertFalse(state.showHelp)
  }

  func testOutageToggleOnlyWithTheBuiltInServer() {
    var state = Fixture.state()
    XCTAssertEqual(press(&state, .character("x")), [.setOutage(true)])
    XCTAssertEqual(state.notice, "Outage on: the built-in server fails every request.")
    XCTAssertEqual(press(&state, .character("x")), [.setOutage(false)])
    state.canToggleOutage = false
    XCTAssertEqual(press(&state, .character("x")), [])
    XCTAssertEqual(state.notice, "x works only with the built-in server.")
  }

  func testTicksAdvanceTheSpinnerOnlyWhileLoading() {
    var state = Fixture.loaded()
    _ = update(&state, .tick(Fixture.now.addingTimeInterval(1)))
    XCTAssertEqual(state.spinnerFrame, 0)
    state.setLoaders(organization: state.organization, repositories: .loading(cache: nil))
    _ = update(&state, .tick(Fixture.now.addingTimeInterval(2)))
    _ = update(&state, .tick(Fixture.now.addingTimeInterval(3)))
    XCTAssertEqual(state.spinnerFrame, 2)
    XCTAssertEqual(state.now, Fixture.now.addingTimeInterval(3))
  }

  func testSuccessTimesAreRecordedWhenALoaderSucceeds() {
    var state = Fixture.state()
    let first = Fixture.now
    _ = update(
      &state,
      .loadersChanged(
        organization: .success(content: Fixture.organization), repositories: .loading(cache: nil),
        at: first))
    XCTAssertEqual(state.organizationSucceededAt, first)
    XCTAssertNil(state.repositoriesSucceededAt)
    let summary = StatusBar.summary(
      state.organization, state.organizationSucceededAt,
      {
        var later = state; later.now = first.addingTimeInterval(75); return later
      }())
    XCTAssertEqual(summary, "✓ 1m ago")
  }

  func testResizeChangesTheLayout() {
    var state = Fixture.loaded(columns: 100, rows: 30)
    _ = update(&state, .resize(Size(columns: 40, rows: 12)))
    XCTAssertEqual(state.size, Size(columns: 40, rows: 12))
    XCTAssertEqual(Screen.render(state).lines.first, "[Fetch]  Result   Tab switches")
  }

  // MARK: - Whole next state and commands

  func testFilterKeyChangesOnlyTheEditingFlag() {
    var state = Fixture.loaded()
    var expected = state
    let commands = update(&state, .key(.character("/")))
    expected.isEditingFilter = true
    XCTAssertEqual(state, expected)
    XCTAssertEqual(commands, [])
  }

  func testTypingInTheFilterSetsItAndResetsScrolling() {
    var state = Fixture.loaded(columns: 80, rows: 8)
    _ = update(&state, .key(.character("/")))
    state.scroll[.result] = 1
    var expected = state
    let commands = update(&state, .key(.character("i")))
    expected.setFilter("i")
    expected.scroll = [.fetch: 0, .result: 0]
    XCTAssertEqual(state, expected)
    XCTAssertEqual(commands, [])
  }

  func testStartingToLoadAsksForSpinnerTicksAndStoppingForTheAgeWake() {
    var state = Fixture.state()
    var expected = state
    let loading = update(
      &state,
      .loadersChanged(
        organization: .loading(cache: nil), repositories: .loading(cache: nil), at: Fixture.now))
    expected.setLoaders(organization: .loading(cache: nil), repositories: .loading(cache: nil))
    expected.inspector.timeline.note(
      organization: expected.organization, repositories: expected.repositories,
      merged: expected.merged, at: Fixture.now)
    expected.pendingWake = Fixture.now.addingTimeInterval(Spinner.interval)
    XCTAssertEqual(state, expected)
    XCTAssertEqual(loading, [.wake(at: Fixture.now.addingTimeInterval(Spinner.interval))])
    XCTAssertEqual(update(&state, .key(.character("j"))), [], "a key keeps the pending tick")
    let done = update(
      &state,
      .loadersChanged(
        organization: .success(content: Fixture.organization),
        repositories: .success(content: Fixture.repositories),
        at: Fixture.now.addingTimeInterval(2)))
    XCTAssertEqual(done, [.wake(at: Fixture.now.addingTimeInterval(12))], "when 'just now' ends")
    XCTAssertEqual(state.organizationSucceededAt, Fixture.now.addingTimeInterval(2))
  }

  func testNothingLoadedAsksForNoTimerAtAll() {
    var state = Fixture.state()
    XCTAssertEqual(update(&state, .key(.character("j"))), [])
    XCTAssertEqual(update(&state, .tick(Fixture.now)), [])
    XCTAssertNil(state.pendingWake)
  }

  func testAStopEventQuitsWithItsCode() {
    var state = Fixture.loaded()
    let before = state
    XCTAssertEqual(update(&state, .stop(exitCode: 129)), [.quit(exitCode: 129)])
    XCTAssertEqual(state, before)
  }
}
