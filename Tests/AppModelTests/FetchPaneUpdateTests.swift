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
}
