import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// The Fetch pane merges both loaders: pages of a load of the repositories alone stay out of it.
extension PagesUpdateTests {
  /// `r` on a fresh start reloads the repositories alone: the Fetch pane, which shows both
  /// loaders, lists nothing of a load it would drop when it ends.
  func testPagesOfARepositoriesLoadAloneStayOutOfTheFetchPane() {
    var state = Fixture.state()
    _ = updateLoaders(&state, organization: .initial, repositories: .loading(cache: nil), at: now)
    let first = page(state, repositories(["a", "b"]), read: 1, of: 3)
    assertUpdate(
      &state, .loaderChanged(.repositories(first), at: now), commands: [],
      lists: [.fetch: [], .result: ["a", "b"]]
    ) { $0.repositories.snapshot = first }
    let done = next(state.repositories, .success(content: repositories(["a", "b"])))
    let wake = AgeLabel.nextChangeDate(since: now + 1, now: now + 1)
    assertUpdate(
      &state, .loaderChanged(.repositories(done), at: now + 1),
      commands: [.wake(at: wake), .trimMemory],
      lists: [.fetch: [], .result: ["a", "b"]], "nothing to drop"
    ) {
      $0.now = now + 1
      $0.repositories.take(done, at: now + 1)
      $0.inspector.timeline.note(
        login: $0.ownerLogin, owner: $0.owner.state, repositories: $0.repositories.state,
        merged: $0.merged, at: now + 1)
      $0.pendingWake = wake
    }
  }

  func testTheMatchCountFollowsThePagesThatLand() {
    var state = loading()
    state.setSort(.name)
    let first = repositories(["b-1", "x", "b-2"])
    _ = update(&state, .loaderChanged(.repositories(page(state, first, read: 1, of: 2)), at: now))
    state.setFilter("b-")
    state.focus = .resultList
    assertUpdate(&state, .key(.character("n")), commands: []) {
      $0.lists.selected[.result] = 1
      $0.notice = "Match 2 of 2."
      $0.matchNotice = MatchNotice(pane: .result, text: "Match 2 of 2.")
    }
    // A page of two more matches, one of them sorted above the selected b-2.
    let second = page(state, first + repositories(["b-0", "y", "b-3"]), read: 2, of: 2)
    assertPage(
      &state, second, at: now + 1, listed: ["b-0", "b-1", "b-2", "b-3"],
      "each pane's selection stays on its row (b-1, b-2), the notice counts the new matches"
    ) {
      $0.lists.selected = [.fetch: 1, .result: 2]
      $0.scroll = [.fetch: 1, .result: 0]
      $0.notice = "Match 3 of 4."
      $0.matchNotice = MatchNotice(pane: .result, text: "Match 3 of 4.")
    }
    // Another notice replaces it: pages no longer touch it.
    _ = update(&state, .key(.character("x")))
    assertUpdate(
      &state, .loaderChanged(.repositories(second), at: now + 2), commands: [],
      "the outage's notice stays"
    ) {
      $0.now = now + 2
    }
  }
}
