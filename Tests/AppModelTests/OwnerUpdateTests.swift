import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// `update` and owners: switching both panes from the `@` prompt, going back with `-`, an
/// owner that does not exist, and a late answer for an owner no longer shown. Each test states
/// the whole next state (`assertUpdate`).
final class OwnerUpdateTests: XCTestCase {
  private let now = Fixture.now
  private let alice = Owner(login: "alice", name: "Alice", kind: .user)
  private let aliceRepositories: RepositoryList = [Repository(name: "dotfiles", language: "Shell")]
  private let allNames = Fixture.repositories.map(\.name)

  private func type(_ text: String, into state: inout AppState) {
    for character in text { _ = update(&state, .key(.character(character))) }
  }

  func testEnterSwitchesBothPanesAndAsksForTheOwnersLoadersAndAFetch() {
    var state = Fixture.loaded()
    state.lists.selected = [.fetch: 2, .result: 3]
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    let before = state
    assertUpdate(
      &state, .key(.enter),
      commands: [
        .showOwner("alice", kind: nil), .saveRecentOwners(["alice"]), .fetchBoth(round: 1),
        .cancelWake,
      ],
      lists: [.fetch: [], .result: []], "nothing of RedMadRobot stays"
    ) {
      $0.ownerViews["redmadrobot"] = OwnerView(
        owner: before.owner, repositories: before.repositories, kind: nil,
        lists: ListState(selected: [.fetch: 2, .result: 3]), scroll: before.scroll)
      $0.ownerPrompt = nil
      $0.ownerLogin = "alice"
      $0.ownerKind = nil
      $0.owners = OwnerHistory(recent: ["alice"], previous: "RedMadRobot")
      $0.show(owner: LoaderSlot(), repositories: LoaderSlot())
      $0.lists = ListState()
      $0.rounds.fetches = 1
      $0.pendingWake = nil
    }
  }

  func testGoingBackShowsTheListsSelectionAndScrollAsTheyWereWithoutWaiting() {
    var state = Fixture.loaded(columns: 80, rows: 8)
    for key in [Key.down, .down, .tab, .tab, .down, .down, .down] {
      _ = update(&state, .key(key))
    }
    let before = state
    XCTAssertNotEqual(before.scroll, [.fetch: 0, .result: 0], "a list scrolled to come back to")
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    _ = update(&state, .key(.enter))
    assertAliceAnswers(&state)
    let aliceView = OwnerView(
      owner: aliceSlots.owner, repositories: aliceSlots.repositories, kind: .user,
      lists: ListState(), scroll: [.fetch: 0, .result: 0])
    assertUpdate(
      &state, .key(.character("-")),
      commands: [
        .showOwner("RedMadRobot", kind: nil), .saveRecentOwners(["RedMadRobot", "alice"]),
        .fetchBoth(round: 2), .wake(at: now.addingTimeInterval(7)),
      ],
      lists: [.fetch: allNames, .result: allNames]
    ) {
      $0.ownerViews = ["alice": aliceView]
      $0.ownerLogin = "RedMadRobot"
      $0.ownerKind = nil
      $0.owners = OwnerHistory(recent: ["RedMadRobot", "alice"], previous: "alice")
      $0.show(owner: before.owner, repositories: before.repositories)
      $0.lists = before.lists
      $0.scroll = before.scroll
      $0.rounds.fetches = 2
      $0.pendingWake = self.now.addingTimeInterval(7)
    }
    assertUpdate(
      &state, .key(.character("-")),
      commands: [
        .showOwner("alice", kind: .user), .saveRecentOwners(["alice", "RedMadRobot"]),
        .fetchBoth(round: 3), .wake(at: now.addingTimeInterval(10)),
      ],
      lists: [.fetch: ["dotfiles"], .result: ["dotfiles"]], "`-` again goes forth, as cd - does"
    ) {
      $0.ownerViews = [
        "redmadrobot": OwnerView(
          owner: before.owner, repositories: before.repositories, kind: nil,
          lists: before.lists, scroll: before.scroll)
      ]
      $0.ownerLogin = "alice"
      $0.ownerKind = .user
      $0.owners = OwnerHistory(recent: ["alice", "RedMadRobot"], previous: "RedMadRobot")
      $0.show(owner: aliceSlots.owner, repositories: aliceSlots.repositories)
      $0.lists = ListState()
      $0.scroll = [.fetch: 0, .result: 0]
      $0.rounds.fetches = 3
      $0.pendingWake = self.now.addingTimeInterval(10)
    }
  }

  func testAnOwnerThatDoesNotExistLeavesTheRecentOwners() {
    var state = Fixture.loaded()
    let loaded = state
    _ = update(&state, .key(.character("@")))
    type("nobody", into: &state)
    assertOpens("nobody", by: .key(.enter), recent: ["nobody"], &state)
    let missing = LoaderSnapshot<Owner>(
      state: .failure(error: GitHubError.noSuchOwner(login: "nobody"), cache: nil), changeCount: 2)
    assertUpdate(
      &state, .loaderChanged(.owner(missing, login: "nobody"), at: now),
      commands: [.saveRecentOwners([])]
    ) {
      $0.now = self.now
      $0.owner = LoaderSlot(missing, at: self.now)
      $0.owners = OwnerHistory(recent: [], previous: "RedMadRobot")
      $0.inspector.timeline.note(
        login: $0.ownerLogin, owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: self.now)
    }
    assertUpdate(
      &state, .key(.character("-")),
      commands: [
        .showOwner("RedMadRobot", kind: nil), .saveRecentOwners(["RedMadRobot"]),
        .fetchBoth(round: 2), .wake(at: now.addingTimeInterval(7)),
      ],
      lists: [.fetch: allNames, .result: allNames], "and - still goes back"
    ) {
      $0.ownerViews = [
        "nobody": OwnerView(
          owner: LoaderSlot(missing, at: self.now), repositories: LoaderSlot(), kind: nil,
          lists: ListState(), scroll: [.fetch: 0, .result: 0])
      ]
      $0.ownerLogin = "RedMadRobot"
      $0.owners = OwnerHistory(recent: ["RedMadRobot"], previous: "nobody")
      $0.show(owner: loaded.owner, repositories: loaded.repositories)
      $0.rounds.fetches = 2
      $0.pendingWake = self.now.addingTimeInterval(7)
    }
  }

  func testMinusWithNoOwnerBeforeSaysSo() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["RedMadRobot"])
    assertUpdate(&state, .key(.character("-")), commands: []) {
      $0.notice = "No owner to go back to: press @ to open one."
    }
  }

  func testMinusAtStartGoesToTheMostRecentOtherOwnerOfTheRunsBefore() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["RedMadRobot", "swift-tools", "alice"])
    assertOpens(
      "swift-tools", by: .key(.character("-")), recent: ["swift-tools", "RedMadRobot", "alice"],
      &state)
  }

  func testALateAnswerForAnOwnerNoLongerShownChangesNothingOnScreen() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    assertOpens("alice", by: .key(.enter), recent: ["alice"], &state)
    let late = LoaderSnapshot<RepositoryList>(
      state: .success(content: [Repository(name: "late")]), changeCount: 9)
    assertUpdate(
      &state, .loaderChanged(.repositories(late, login: "redmadrobot"), at: now), commands: [],
      lists: [.fetch: [], .result: []]
    ) { $0.now = self.now }
  }

  func testTheStatusBarsRateLimitSurvivesASwitch() {
    var state = Fixture.loaded()
    let limit = RateLimit(limit: 60, remaining: 3, reset: now)
    let snapshot = LoaderSnapshot<Owner>(
      state: .success(content: Fixture.organization),
      status: LoaderStatus(rateLimit: limit), changeCount: 5)
    _ = update(&state, .loaderChanged(.owner(snapshot), at: now))
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    assertOpens(
      "alice", by: .key(.enter), recent: ["alice"], &state,
      "one limit per host, whichever owner is shown")
    let older = LoaderSnapshot<RepositoryList>(
      state: .success(content: []),
      status: LoaderStatus(rateLimit: RateLimit(limit: 60, remaining: 50, reset: now)),
      changeCount: 3)
    assertUpdate(
      &state, .loaderChanged(.repositories(older, login: "alice"), at: now),
      commands: [.wake(at: now.addingTimeInterval(10))],
      "an older answer of the owner shown says less"
    ) {
      $0.repositories = LoaderSlot(older, at: self.now)
      $0.inspector.timeline.note(
        login: $0.ownerLogin, owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: self.now)
      $0.pendingWake = self.now.addingTimeInterval(10)
    }
    let nextWindow = RateLimit(limit: 60, remaining: 59, reset: now.addingTimeInterval(3600))
    let newer = LoaderSnapshot<RepositoryList>(
      state: .success(content: []), status: LoaderStatus(rateLimit: nextWindow), changeCount: 4)
    assertUpdate(
      &state, .loaderChanged(.repositories(newer, login: "alice"), at: now), commands: [],
      "a new window starts over"
    ) {
      $0.repositories = LoaderSlot(newer, at: self.now)
      $0.rateLimit = nextWindow
    }
  }

  func testTheViewsOfOwnersTheRuntimeLetGoOfAreForgotten() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    assertOpens("alice", by: .key(.enter), recent: ["alice"], &state)
    let kept = KeptLoaders(
      owners: ["alice"], observedOwners: ["alice"], droppedOwners: ["RedMadRobot"])
    assertUpdate(&state, .kept(kept), commands: []) {
      $0.kept = kept
      $0.ownerViews = [:]
    }
  }

  /// `event` opens `login`, never shown before, from RedMadRobot as `Fixture.loaded` shows it:
  /// RedMadRobot's view is kept to come back to, both panes empty, the prompt closes, and the
  /// runtime is asked for the owner's loaders and a first fetch; no age is left to wake for.
  private func assertOpens(
    _ login: GitHubLogin, by event: AppEvent, recent: [GitHubLogin], _ state: inout AppState,
    _ message: String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    let before = state
    assertUpdate(
      &state, event,
      commands: [
        .showOwner(login, kind: nil), .saveRecentOwners(recent), .fetchBoth(round: 1),
        .cancelWake,
      ],
      lists: [.fetch: [], .result: []], message, file: file, line: line
    ) {
      $0.ownerViews["redmadrobot"] = OwnerView(
        owner: before.owner, repositories: before.repositories, kind: nil,
        lists: ListState(), scroll: [.fetch: 0, .result: 0])
      $0.ownerPrompt = nil
      $0.ownerLogin = login
      $0.owners = OwnerHistory(recent: recent, previous: "RedMadRobot")
      $0.show(owner: LoaderSlot(), repositories: LoaderSlot())
      $0.rounds.fetches = 1
      $0.pendingWake = nil
    }
  }

  /// Alice's two slots once both her loaders answered at `now`.
  private var aliceSlots: (owner: LoaderSlot<Owner>, repositories: LoaderSlot<RepositoryList>) {
    (
      LoaderSlot(LoaderSnapshot(state: .success(content: alice), changeCount: 2), at: now),
      LoaderSlot(
        LoaderSnapshot(state: .success(content: aliceRepositories), changeCount: 2), at: now)
    )
  }

  /// Alice's two loaders answer at `now` while she is shown: her kind becomes known, her one
  /// repository is listed once both answered, and the status bar's age asks for a wake.
  private func assertAliceAnswers(
    _ state: inout AppState, file: StaticString = #filePath, line: UInt = #line
  ) {
    let slots = aliceSlots
    assertUpdate(
      &state, .loaderChanged(.owner(slots.owner.snapshot, login: "alice"), at: now),
      commands: [.wake(at: now.addingTimeInterval(10))], lists: [.fetch: [], .result: []],
      file: file, line: line
    ) {
      $0.owner = slots.owner
      $0.ownerKind = .user
      $0.inspector.timeline.note(
        login: $0.ownerLogin, owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: self.now)
      $0.pendingWake = self.now.addingTimeInterval(10)
    }
    assertUpdate(
      &state, .loaderChanged(.repositories(slots.repositories.snapshot, login: "alice"), at: now),
      commands: [], lists: [.fetch: ["dotfiles"], .result: ["dotfiles"]], file: file, line: line
    ) {
      $0.repositories = slots.repositories
      $0.inspector.timeline.note(
        login: $0.ownerLogin, owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: self.now)
    }
  }
}
