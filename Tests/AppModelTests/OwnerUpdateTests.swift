import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// `update` and owners: the `@` prompt (typing, pastes, Tab, a name GitHub would refuse,
/// Esc), switching both panes, going back with `-`, and a late answer for an owner no longer
/// shown. Each test states the whole next state (`assertUpdate`).
final class OwnerUpdateTests: XCTestCase {
  private let now = Fixture.now
  private let alice = Owner(login: "alice", name: "Alice", kind: .user)
  private let aliceRepositories = [Repository(name: "dotfiles", language: "Shell")]

  private func type(_ text: String, into state: inout AppState) {
    for character in text { _ = update(&state, .key(.character(character))) }
  }

  func testAtOpensThePromptAndEscClosesItWithoutSwitching() {
    var state = Fixture.loaded()
    assertUpdate(&state, .key(.character("@")), commands: []) { $0.ownerPrompt = OwnerPrompt() }
    type("ali", into: &state)
    XCTAssertEqual(state.ownerPrompt?.text, "ali", "letters are the name, not commands")
    assertUpdate(&state, .key(.escape), commands: []) { $0.ownerPrompt = nil }
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
      ]
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
    XCTAssertEqual(state.visibleRepositories(.result), [], "nothing of RedMadRobot stays")
  }

  func testANameGitHubWouldRefuseStaysInThePromptWithWhatIsWrong() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("a--b", into: &state)
    assertUpdate(&state, .key(.enter), commands: []) {
      $0.ownerPrompt?.problem =
        "Not a GitHub login (two hyphens in a row): use letters, digits and single hyphens."
    }
    assertUpdate(&state, .key(.backspace), commands: [], "editing clears the problem") {
      $0.ownerPrompt = OwnerPrompt(text: "a--")
    }
  }

  func testAPasteKeepsOneLineWithoutSpacesAndAtMostTheLimit() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    assertUpdate(&state, .paste("  swift-\ntools\u{1B}[31m "), commands: []) {
      $0.ownerPrompt = OwnerPrompt(text: "swift-tools[31m")
    }
    _ = update(&state, .paste(String(repeating: "x", count: 200)))
    XCTAssertEqual(state.ownerPrompt?.text.count, OwnerPrompt.limit)
  }

  func testTabCyclesTheRecentOwnersThatStartWithWhatWasTyped() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["swift-tools", "alice", "Swiftlang"])
    _ = update(&state, .key(.character("@")))
    type("sw", into: &state)
    _ = update(&state, .key(.tab))
    XCTAssertEqual(state.ownerPrompt?.text, "swift-tools")
    _ = update(&state, .key(.tab))
    XCTAssertEqual(state.ownerPrompt?.text, "Swiftlang", "case is ignored, the login kept")
    _ = update(&state, .key(.tab))
    XCTAssertEqual(state.ownerPrompt?.text, "swift-tools", "and round again")
    _ = update(&state, .key(.clearLine))
    type("zz", into: &state)
    assertUpdate(&state, .key(.tab), commands: []) {
      $0.ownerPrompt?.problem = "No recent owner starts with \"zz\"."
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
    _ = updateOwner(&state, "alice", at: now)
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["dotfiles"])
    assertUpdate(
      &state, .key(.character("-")),
      commands: [
        .showOwner("RedMadRobot", kind: nil), .saveRecentOwners(["RedMadRobot", "alice"]),
        .fetchBoth(round: 2), .wake(at: now.addingTimeInterval(7)),
      ]
    ) {
      $0.ownerViews = [
        "alice": OwnerView(
          owner: $0.owner, repositories: $0.repositories, kind: .user,
          lists: ListState(), scroll: [.fetch: 0, .result: 0])
      ]
      $0.ownerLogin = "RedMadRobot"
      $0.ownerKind = nil
      $0.owners = OwnerHistory(recent: ["RedMadRobot", "alice"], previous: "alice")
      $0.show(owner: before.owner, repositories: before.repositories)
      $0.lists = before.lists
      $0.scroll = before.scroll
      $0.rounds.fetches = 2
      $0.pendingWake = self.now.addingTimeInterval(7)
    }
    XCTAssertEqual(state.visibleRepositories(.result), Fixture.repositories)
    _ = update(&state, .key(.character("-")))
    XCTAssertEqual(state.ownerLogin, "alice", "`-` again goes forth, as cd - does")
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["dotfiles"])
  }

  func testTabLeavesOutTheOwnerShown() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["RedMadRobot", "rails"])
    _ = update(&state, .key(.character("@")))
    _ = update(&state, .key(.tab))
    XCTAssertEqual(state.ownerPrompt?.text, "rails")
    _ = update(&state, .key(.tab))
    XCTAssertEqual(state.ownerPrompt?.text, "rails", "the one shown is never offered")
  }

  func testAnOwnerThatDoesNotExistLeavesTheRecentOwners() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("nobody", into: &state)
    _ = update(&state, .key(.enter))
    XCTAssertEqual(state.owners.recent, ["nobody"])
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
        owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: self.now)
    }
    _ = update(&state, .key(.character("-")))
    XCTAssertEqual(state.ownerLogin, "RedMadRobot", "and - still goes back")
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
    _ = update(&state, .key(.character("-")))
    XCTAssertEqual(state.ownerLogin, "swift-tools")
    XCTAssertEqual(state.owners.previous, "RedMadRobot")
  }

  func testALateAnswerForAnOwnerNoLongerShownChangesNothingOnScreen() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    _ = update(&state, .key(.enter))
    let late = LoaderSnapshot<[Repository]>(
      state: .success(content: [Repository(name: "late")]), changeCount: 9)
    assertUpdate(
      &state, .loaderChanged(.repositories(late, login: "redmadrobot"), at: now), commands: []
    ) { $0.now = self.now }
    XCTAssertEqual(state.visibleRepositories(.result), [])
    XCTAssertEqual(state.repositories.state, .initial)
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
    _ = update(&state, .key(.enter))
    XCTAssertEqual(state.rateLimit, limit, "one limit per host, whichever owner is shown")
    let older = LoaderSnapshot<[Repository]>(
      state: .success(content: []),
      status: LoaderStatus(rateLimit: RateLimit(limit: 60, remaining: 50, reset: now)),
      changeCount: 3)
    _ = update(&state, .loaderChanged(.repositories(older, login: "alice"), at: now))
    XCTAssertEqual(state.rateLimit, limit, "an older answer of the owner shown says less")
    let nextWindow = RateLimit(limit: 60, remaining: 59, reset: now.addingTimeInterval(3600))
    let newer = LoaderSnapshot<[Repository]>(
      state: .success(content: []), status: LoaderStatus(rateLimit: nextWindow), changeCount: 4)
    _ = update(&state, .loaderChanged(.repositories(newer, login: "alice"), at: now))
    XCTAssertEqual(state.rateLimit, nextWindow, "a new window starts over")
  }

  func testTheViewsOfOwnersTheRuntimeLetGoOfAreForgotten() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("alice", into: &state)
    _ = update(&state, .key(.enter))
    XCTAssertNotNil(state.ownerViews["redmadrobot"])
    let kept = KeptLoaders(
      owners: ["alice"], observedOwners: ["alice"], droppedOwners: ["RedMadRobot"])
    assertUpdate(&state, .kept(kept), commands: []) {
      $0.kept = kept
      $0.ownerViews = [:]
    }
  }

  /// Alice's two loaders answer.
  private func updateOwner(_ state: inout AppState, _ login: String, at date: Date) -> [Command] {
    update(
      &state,
      .loaderChanged(
        .owner(
          LoaderSnapshot(state: .success(content: alice), changeCount: 2), login: login),
        at: date))
      + update(
        &state,
        .loaderChanged(
          .repositories(
            LoaderSnapshot(state: .success(content: aliceRepositories), changeCount: 2),
            login: login), at: date))
  }
}
