import ApexyLoader
import AppModel
import AppRendering
import Foundation
import GitHubAPI

/// Values the app's tests share: a fixed clock, a small organization, states to render.
public enum Fixture {
  /// The tests' "now".
  public static let now = Date(timeIntervalSince1970: 1_000_000)
  /// A small organization.
  public static let organization = Owner(login: "RedMadRobot", name: "Red Mad Robot")
  /// Its four repositories.
  public static let repositories: RepositoryList = [
    Repository(name: "Apexy", language: "Swift", stargazersCount: 207),
    Repository(name: "input-mask-ios", language: "Swift", stargazersCount: 598),
    Repository(name: "android-ktx", language: "Kotlin", stargazersCount: 101, fork: true),
    Repository(name: "ios-interview", language: nil, stargazersCount: 356),
  ]

  /// A failure of no particular kind.
  public struct Outage: Error {
    /// An outage.
    public init() {}
  }

  /// A state with nothing loaded, `columns` × `rows`.
  public static func state(columns: Int = 80, rows: Int = 10) -> AppState {
    AppState(
      now: now, size: Size(columns: columns, rows: rows), source: "built-in 127.0.0.1:8080",
      owner: "RedMadRobot", host: "127.0.0.1:8080", timeout: 15, canToggleOutage: true)
  }

  /// A state with both loaders loaded three seconds ago.
  public static func loaded(columns: Int = 80, rows: Int = 10) -> AppState {
    var state = state(columns: columns, rows: rows)
    _ = updateLoaders(
      &state, organization: .success(content: organization),
      repositories: .success(content: repositories), at: now.addingTimeInterval(-3))
    state.now = now
    return state
  }

  /// The owner loaded and `rows` repositories read in `pagesRead` pages of `pageCount`, the
  /// load going on, on a `columns` × `height` terminal.
  public static func readingPages(
    columns: Int, height: Int, pagesRead: Int, pageCount: Int?, rows: Int, ascii: Bool = false
  ) -> AppState {
    var state = state(columns: columns, rows: height)
    state.asciiOnly = ascii
    _ = updateLoaders(
      &state, organization: .success(content: organization), repositories: .loading(cache: nil),
      at: now)
    let progress = PageProgress(pagesRead: pagesRead, pageCount: pageCount, itemCount: rows)
    var snapshot = state.repositories.snapshot
    snapshot.status.pages = progress
    snapshot.status.rateLimit = RateLimit(limit: 5000, remaining: 4_987, reset: now + 3600)
    let names = (1...rows).map { Repository(name: "repo-\($0)", language: "Go") }
    snapshot.partial = PartialContent(content: RepositoryList(names), progress: progress)
    _ = update(&state, .loaderChanged(.repositories(snapshot), at: now))
    return state
  }

  /// A server error, as GitHub's API sends one.
  public static func outage() -> GitHubError {
    .server(status: 503, message: "Service Unavailable")
  }
}

/// Both loaders change, as two events (the organization's, then the repositories'), each a
/// new change of its loader with the status it had; returns the commands of both.
public func updateLoaders(
  _ state: inout AppState, organization: LoadingState<Owner>,
  repositories: LoadingState<RepositoryList>, at date: Date
) -> [Command] {
  update(&state, organization: organization, at: date)
    + update(&state, repositories: repositories, at: date)
}

/// The organization loader changes to `loading`, a new change with `status` (default: the
/// status it had).
public func update(
  _ state: inout AppState, organization loading: LoadingState<Owner>,
  status: LoaderStatus? = nil, at date: Date
) -> [Command] {
  let change = LoaderChange.owner(next(state.owner, loading, status))
  return update(&state, .loaderChanged(change, at: date))
}

/// The repositories loader changes to `loading`, a new change with `status` (default: the
/// status it had).
public func update(
  _ state: inout AppState, repositories loading: LoadingState<RepositoryList>,
  status: LoaderStatus? = nil, at date: Date
) -> [Command] {
  let change = LoaderChange.repositories(next(state.repositories, loading, status))
  return update(&state, .loaderChanged(change, at: date))
}

/// The snapshot of a loader's next change: `loading`, with `status` or the one it had.
public func next<T>(
  _ slot: LoaderSlot<T>, _ loading: LoadingState<T>, _ status: LoaderStatus? = nil
) -> LoaderSnapshot<T> {
  LoaderSnapshot(
    state: loading, status: status ?? slot.status, cacheProblem: slot.snapshot.cacheProblem,
    changeCount: slot.snapshot.changeCount + 1)
}

/// Both loaders' statuses change without a new state.
public func updateStatuses(
  _ state: inout AppState, organization: LoaderStatus, repositories: LoaderStatus, at date: Date
) -> [Command] {
  var first = state.owner.snapshot
  first.status = organization
  var second = state.repositories.snapshot
  second.status = repositories
  return update(&state, .loaderChanged(.owner(first), at: date))
    + update(&state, .loaderChanged(.repositories(second), at: date))
}

/// The detail loader kept under `key` changes to `loading` with `status`.
public func updateDetail(
  _ state: inout AppState, key: String, _ loading: LoadingState<Repository>,
  status: LoaderStatus = LoaderStatus(), at date: Date
) -> [Command] {
  let count = (state.lists.detail?.loader.snapshot.changeCount ?? 0) + 1
  let snapshot = LoaderSnapshot(state: loading, status: status, changeCount: count)
  return update(&state, .loaderChanged(.repository(key: key, snapshot), at: date))
}

/// The status bar of `state`, `width` columns wide, as one line.
public func statusBarLine(_ state: AppState, width: Int) -> String {
  var grid = Grid(width: width, height: 1)
  StatusBar.draw(state, in: Rect(x: 0, y: 0, width: width, height: 1), into: &grid)
  return grid.lines[0]
}
