import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// `update` while a list arrives page by page: the rows read so far in both panes, the
/// selection kept on its repository, a reload's earlier list kept, a failure part-way keeping
/// its rows, the page cap as a limit, and the newest rate limit. Each test states the whole
/// next state (`assertUpdate`) and both panes' lists.
final class PagesUpdateTests: XCTestCase {
  let now = Fixture.now

  func repositories(_ names: [String]) -> RepositoryList {
    RepositoryList(names.lazy.map { Repository(name: $0, language: "Swift", stargazersCount: 1) })
  }

  /// The organization loaded, its repositories' first load under way with nothing read yet.
  func loading(rows: Int = 10) -> AppState {
    var state = Fixture.state(rows: rows)
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .loading(cache: nil), at: now)
    return state
  }

  /// The repositories loader's snapshot once it read `rows` in `read` pages (of `count`): the
  /// same state (a page is not a new state), the partial content and its progress.
  func page(
    _ state: AppState, _ rows: RepositoryList, read: Int, of count: Int?,
    resume: PageResume? = nil
  ) -> LoaderSnapshot<RepositoryList> {
    let progress = PageProgress(pagesRead: read, pageCount: count, itemCount: rows.count)
    var snapshot = state.repositories.snapshot
    snapshot.status.pages = progress
    snapshot.partial = PartialContent(content: rows, progress: progress, resume: resume)
    return snapshot
  }

  func testAPageOnAnEmptyListShowsItsRowsInBothPanes() {
    var state = loading()
    let first = page(state, repositories(["a", "b"]), read: 1, of: 3)
    assertPage(&state, first, at: now + 1, listed: ["a", "b"])
    let second = page(state, repositories(["a", "b", "c", "d"]), read: 2, of: 3)
    state.lists.selected = [.fetch: 1, .result: 1]
    assertPage(
      &state, second, at: now + 2, listed: ["a", "b", "c", "d"],
      "rows listed after the selection leave it where it is")
  }

  func testBeforeTheOwnerAnswersTheFetchPaneListsThePagesUnderItsLogin() {
    var state = Fixture.state()
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    let first = page(state, repositories(["a", "b"]), read: 1, of: 3)
    assertUpdate(
      &state, .loaderChanged(.repositories(first), at: now), commands: [],
      lists: [.fetch: ["a", "b"], .result: ["a", "b"]]
    ) { $0.repositories.snapshot = first }
    XCTAssertEqual(
      PaneHeader.lines(state, .fetch, width: 60).map(\.text),
      ["[ Fetch ]", "", "⠋ Loading…", "Repositories of the RedMadRobot organization:"])
  }

  func testAPageThatSortsAboveTheSelectionMovesTheViewWithIt() {
    var state = loading()
    state.setSort(.name)
    let names = (1...8).map { "b-0\($0)" }
    _ = update(
      &state,
      .loaderChanged(.repositories(page(state, repositories(names), read: 1, of: 2)), at: now))
    state.lists.selected = [.fetch: 5, .result: 5]
    state.scroll = [.fetch: 4, .result: 2]
    let second = page(state, repositories(names + ["a-01", "c-01", "a-02"]), read: 2, of: 2)
    let sorted = ["a-01", "a-02"] + names + ["c-01"]
    assertUpdate(
      &state, .loaderChanged(.repositories(second), at: now + 1), commands: [],
      lists: [.fetch: sorted, .result: sorted]
    ) {
      $0.now = now + 1
      $0.repositories.snapshot = second
      // b-06 stays selected, two rows further down, on the same row of the screen.
      $0.lists.selected = [.fetch: 7, .result: 7]
      $0.scroll = [.fetch: 6, .result: 4]
    }
  }

  func testTheFilterAndTheDetailViewWorkOnTheRowsSoFar() {
    var state = loading()
    let rows = repositories(["alpha", "beta", "gamma"])
    _ = update(&state, .loaderChanged(.repositories(page(state, rows, read: 1, of: 3)), at: now))
    assertUpdate(&state, .key(.character("/")), commands: []) { $0.isEditingFilter = true }
    assertUpdate(
      &state, .key(.character("m")), commands: [], lists: [.fetch: ["gamma"], .result: ["gamma"]]
    ) { $0.setFilter("m") }
    assertUpdate(&state, .key(.enter), commands: []) { $0.isEditingFilter = false }
    state.focus = .resultList
    assertUpdate(&state, .key(.enter), commands: [.loadDetail("RedMadRobot/gamma")]) {
      $0.lists.detail = OpenDetail(repository: rows[2], key: "RedMadRobot/gamma")
    }
    let second = page(state, rows + repositories(["omega"]), read: 2, of: 3)
    assertPage(
      &state, second, at: now + 1, listed: ["gamma", "omega"],
      "the next page is filtered too, the detail stays open")
  }

  func testAReloadOverALoadedListKeepsItUntilTheNewOneIsComplete() {
    var state = Fixture.loaded()
    let all = Fixture.repositories.map(\.name)
    let reloading = next(state.repositories, .loading(cache: Fixture.repositories))
    _ = update(&state, .loaderChanged(.repositories(reloading), at: now))
    let first = page(state, [Fixture.repositories[0]], read: 1, of: 2)
    assertUpdate(
      &state, .loaderChanged(.repositories(first), at: now + 1), commands: [],
      lists: [.fetch: all, .result: all], "never the shorter list read so far"
    ) {
      $0.now = now + 1
      $0.repositories.snapshot = first
    }
  }

  func testAFailurePartWayKeepsTheRowsReadAndSaysHowFarItGot() {
    var state = loading()
    let rows = repositories(["a", "b"])
    _ = update(&state, .loaderChanged(.repositories(page(state, rows, read: 1, of: 3)), at: now))
    let resume = PageResume(
      firstPage: "http://h/orgs/RedMadRobot/repos", next: URL(string: "http://h/p2")!,
      visited: ["http://h/orgs/RedMadRobot/repos"], pageCount: 3)
    var failed = page(state, rows, read: 1, of: 3, resume: resume)
    failed.state = .failure(error: Fixture.outage(), cache: nil)
    failed.changeCount += 1
    assertPage(
      &state, failed, at: now + 1, listed: ["a", "b"], commands: [.wake(at: now + 10), .trimMemory]
    ) {
      $0.inspector.timeline.marks[.repositories]?.append(.init(at: now + 1, stateCase: .failure))
      $0.inspector.timeline.marks[.merged]?.append(.init(at: now + 1, stateCase: .failure))
      $0.pendingWake = now + 10
    }
    XCTAssertEqual(
      PaneHeader.lines(state, .result, width: 60).map(\.text),
      [
        "✗ Server error (HTTP 503: Service Unavailable) after 1 of 3",
        "pages (2 shown); try again later.", "Repositories:",
      ])
    // `r` reloads the one loader, which goes on from page 2; nothing in the app clears the rows.
    assertUpdate(
      &state, .key(.character("r")), commands: [.reloadRepositories],
      lists: [.fetch: ["a", "b"], .result: ["a", "b"]])
  }

  func testThePagesAnEarlierRunReadShowWithWhereToGoOn() {
    var state = Fixture.state(rows: 10)
    // Restored from the cache: no state change, the pages of the load that stopped.
    let resume = PageResume(
      firstPage: "orgs/RedMadRobot/repos", next: URL(string: "http://h/p3")!,
      visited: ["orgs/RedMadRobot/repos", "http://h/p2"], pageCount: 5)
    let restored = page(state, repositories(["a", "b", "c", "d"]), read: 2, of: 5, resume: resume)
    // The owner was not restored (nor asked for): the Fetch pane, which merges both, has no
    // owner to list them under.
    assertUpdate(
      &state, .loaderChanged(.repositories(restored), at: now), commands: [],
      lists: [.fetch: [], .result: ["a", "b", "c", "d"]]
    ) {
      $0.repositories.snapshot = restored
      $0.inspector.timeline.login = $0.ownerLogin
    }
    XCTAssertEqual(
      PaneHeader.lines(state, .result, width: 60).map(\.text),
      [
        "✗ An earlier run stopped after 2 of 5 pages (4 shown); press",
        "f or r to read on.", "Repositories:",
      ])
  }

  func testAtThePageCapTheLoadSucceedsWithItsRowsAndANotice() {
    var state = loading()
    state.advice = ErrorAdvice(pageCap: "raise it with --page-cap")
    let rows = repositories(["a", "b", "c"])
    _ = update(&state, .loaderChanged(.repositories(page(state, rows, read: 2, of: 5)), at: now))
    let capped = LoaderSnapshot(
      state: .success(content: rows),
      status: LoaderStatus(
        pages: PageProgress(pagesRead: 3, pageCount: 5, itemCount: 3, stoppedAtCap: 3)),
      changeCount: state.repositories.snapshot.changeCount + 1)
    assertPage(
      &state, capped, at: now + 1, listed: ["a", "b", "c"],
      commands: [.wake(at: now + 10), .trimMemory]
    ) {
      $0.repositories.succeededAt = now + 1
      $0.inspector.timeline.marks[.repositories]?.append(.init(at: now + 1, stateCase: .success))
      $0.inspector.timeline.marks[.merged]?.append(.init(at: now + 1, stateCase: .success))
      $0.pendingWake = now + 10
    }
    XCTAssertEqual(
      PaneHeader.lines(state, .result, width: 60).map(\.text),
      [
        "Stopped at the cap of 3 pages (3 repositories); raise it",
        "with --page-cap.", "Repositories:",
      ])
  }

  func testARateLimitErrorAnswerIsTheNewestFigure() {
    var state = loading()
    let window = RateLimit(limit: 5000, remaining: 4999, reset: now + 3600)
    var fresh = page(state, repositories(["a"]), read: 1, of: 50)
    fresh.status.rateLimit = window
    fresh.status.rateLimitAt = now
    _ = update(&state, .loaderChanged(.repositories(fresh), at: now))
    // The organization's slow answer, asked for before that page, says more left: not newer.
    let organization = LoaderSnapshot(
      state: state.owner.state,
      status: LoaderStatus(
        rateLimit: RateLimit(limit: 5000, remaining: 5000, reset: now + 3600),
        rateLimitAt: now + 0.5),
      changeCount: state.owner.snapshot.changeCount)
    assertUpdate(&state, .loaderChanged(.owner(organization), at: now), commands: []) {
      $0.owner.snapshot = organization
    }
    // The 403 that follows states another window (as the built-in server's does) that resets
    // sooner: it is still the newest answer, so its figure is the one shown.
    var refused = fresh
    refused.state = .failure(
      error: GitHubError.rateLimited(status: 403, reset: now + 60), cache: nil)
    refused.status.rateLimit = RateLimit(limit: 60, remaining: 0, reset: now + 60)
    refused.status.rateLimitAt = now + 1
    refused.changeCount += 1
    assertUpdate(
      &state, .loaderChanged(.repositories(refused), at: now + 1),
      commands: [.wake(at: now + 10), .trimMemory], lists: [.fetch: ["a"], .result: ["a"]]
    ) {
      $0.now = now + 1
      $0.repositories.snapshot = refused
      $0.rateLimit = RateLimit(limit: 60, remaining: 0, reset: now + 60)
      $0.rateLimitAt = now + 1
      $0.inspector.timeline.marks[.repositories]?.append(.init(at: now + 1, stateCase: .failure))
      $0.inspector.timeline.marks[.merged]?.append(.init(at: now + 1, stateCase: .failure))
      $0.pendingWake = now + 10
    }
  }

  func testMorePagesLeftThanRequestsIsSaidAtTheFirstPage() {
    var state = loading()
    var first = page(state, repositories(["a"]), read: 1, of: 50)
    let reset = Date(timeIntervalSince1970: 1_000_600)
    first.status.rateLimit = RateLimit(limit: 60, remaining: 31, reset: reset)
    _ = update(&state, .loaderChanged(.repositories(first), at: now))
    XCTAssertEqual(
      PaneHeader.lines(state, .result, width: 60).map(\.text),
      [
        "⠋ Loading…", "49 pages to read, 31 requests left until \(ErrorMessage.clock(reset)).",
        "Repositories:",
      ])
  }
}
