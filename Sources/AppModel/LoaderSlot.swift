import ApexyLoader
import Foundation
import GitHubAPI

/// Which kind of loader: the app shows one owner loader, one repositories loader and
/// a keyed detail loader per repository opened.
public enum LoaderKind: String, Sendable, CaseIterable, Hashable {
  /// The owner, `/orgs/{login}` or `/users/{login}`; named `organization` in headless
  /// output, as 0.2.0 printed it.
  case owner = "organization"
  /// Its repositories, `/orgs/{org}/repos` or `/users/{login}/repos`.
  case repositories
  /// One repository's details, `/repos/{owner}/{name}`.
  case repository

  /// The loader a request path belongs to (a base path such as `/api/v3` in front is
  /// allowed); `nil` for any other path.
  public static func of(path: String) -> LoaderKind? {
    let parts = path.split(separator: "/")
    if parts.count >= 3, ownerSegments.contains(parts[parts.count - 3]), parts.last == "repos" {
      return .repositories
    }
    if parts.count >= 2, ownerSegments.contains(parts[parts.count - 2]) { return .owner }
    if parts.count >= 3, parts[parts.count - 3] == "repos" { return .repository }
    return nil
  }

  /// The segments an owner's login or id follows: `orgs`, `users`, `user`.
  private static let ownerSegments: Set<Substring> = ["orgs", "users", "user"]
}

/// One loader the app shows: its kind, and its key: the owner's login without case for an owner's
/// two loaders, `owner/name` for a detail loader (as the server sent them; not safe to draw).
public struct LoaderID: Sendable, Hashable {
  /// The kind of loader.
  public var kind: LoaderKind
  /// The loader's key.
  public var key: String?

  /// The owner loader of `owner` (any case).
  public static func owner(_ owner: GitHubLogin) -> LoaderID {
    LoaderID(kind: .owner, key: owner.key)
  }

  /// The repositories loader of `owner` (any case).
  public static func repositories(_ owner: GitHubLogin) -> LoaderID {
    LoaderID(kind: .repositories, key: owner.key)
  }

  /// The detail loader kept under `key`.
  public static func repository(_ key: String) -> LoaderID {
    LoaderID(kind: .repository, key: key)
  }
}

/// What a loader said at one change, as plain values: its state, its policies' status, its
/// cache problem, what a paginated load read so far, and its change count (which tells one
/// change from the next).
public struct LoaderSnapshot<Content: Sendable & Equatable>: Sendable, Equatable {
  /// The loader's state.
  public var state: LoadingState<Content>
  /// Its retry, freshness, rate limit and pages.
  public var status: LoaderStatus
  /// What is wrong with its cache, in one line; `nil` when nothing is.
  public var cacheProblem: String?
  /// What its paginated load read so far, while it runs or after it stopped part-way.
  public var partial: PartialContent<Content>?
  /// How many times its state was assigned.
  public var changeCount: Int

  /// Creates a value from its parts.
  public init(
    state: LoadingState<Content>, status: LoaderStatus = LoaderStatus(),
    cacheProblem: String? = nil, partial: PartialContent<Content>? = nil, changeCount: Int = 0
  ) {
    self.state = state
    self.status = status
    self.cacheProblem = cacheProblem
    self.partial = partial
    self.changeCount = changeCount
  }

  /// Whether `other` says anything this one does not: a new state, status (a new page
  /// included) or cache problem. The state is compared by its change count, so a change to an
  /// equal state (another error) still counts; the partial content by its progress, which
  /// every page changes.
  public func differs(from other: LoaderSnapshot?) -> Bool {
    guard let other else { return true }
    return changeCount != other.changeCount || status != other.status
      || cacheProblem != other.cacheProblem || partial?.progress != other.partial?.progress
  }
}

/// What the app knows of one loader: the last snapshot it took, and when the loader last
/// moved into success. The same type holds every loader the app shows.
public struct LoaderSlot<Content: Sendable & Equatable>: Sendable, Equatable {
  /// The latest snapshot.
  public internal(set) var snapshot = LoaderSnapshot<Content>(state: .initial)
  /// When the loader last moved into success (from another case).
  public internal(set) var succeededAt: Date?

  /// A loader not heard from yet: `.initial`.
  public init() {}

  /// A slot holding `snapshot` taken at `now`.
  public init(_ snapshot: LoaderSnapshot<Content>, at now: Date) {
    take(snapshot, at: now)
  }

  /// The loader's state.
  public var state: LoadingState<Content> { snapshot.state }
  /// The state the panes show: the loader's, with what its paginated load read so far standing
  /// in for the cache it lacks (a first load under way, or one that stopped part-way, in this
  /// run or an earlier one). A load over earlier content keeps showing that content until its
  /// list is complete.
  public var shownState: LoadingState<Content> {
    guard let partial = snapshot.partial?.content else { return state }
    switch state {
    case .initial: return .failure(error: EarlierRunStopped(), cache: partial)
    case .loading(nil): return .loading(cache: partial)
    case .failure(let error, nil): return .failure(error: error, cache: partial)
    default: return state
    }
  }
  /// The loader's retry, freshness and rate limit.
  public var status: LoaderStatus { snapshot.status }

  /// When the content restored from the cache was last confirmed, until the server confirms
  /// it again; `nil` when the content was fetched.
  public var restoredAt: Date? {
    status.freshness.isRestored && state.content != nil ? status.freshness.lastConfirmed : nil
  }

  /// Takes the loader's newest snapshot, taken at `now`.
  public mutating func take(_ snapshot: LoaderSnapshot<Content>, at now: Date) {
    if case .success = snapshot.state, !Self.isSuccess(self.snapshot.state) { succeededAt = now }
    self.snapshot = snapshot
  }

  private static func isSuccess(_ state: LoadingState<Content>) -> Bool {
    if case .success = state { return true }
    return false
  }
}

/// One loader's change, as an event carries it: which loader, and its snapshot. An owner's
/// loader names its owner's login; `nil` stands for the owner shown.
public enum LoaderChange: Sendable, Equatable {
  /// An owner loader changed.
  case owner(LoaderSnapshot<Owner>, login: GitHubLogin? = nil)
  /// An owner's repositories loader changed.
  case repositories(LoaderSnapshot<RepositoryList>, login: GitHubLogin? = nil)
  /// The detail loader kept under `key` changed.
  case repository(key: String, LoaderSnapshot<Repository>)

  /// The loader that changed, an owner's loader of `shown` when the change names no owner.
  public func id(shown: GitHubLogin) -> LoaderID {
    switch self {
    case .owner(_, let login): .owner(login ?? shown)
    case .repositories(_, let login): .repositories(login ?? shown)
    case .repository(let key, _): .repository(key)
    }
  }

  /// The owner whose loader changed; `nil` for a detail loader, or the owner shown.
  public var login: GitHubLogin? {
    switch self {
    case .owner(_, let login), .repositories(_, let login): login
    case .repository: nil
    }
  }

  /// The rate limit its loader's latest answer reported, if any, and when that answer arrived.
  var rateLimit: (limit: RateLimit, at: Date?)? {
    let status: LoaderStatus
    switch self {
    case .owner(let snapshot, _): status = snapshot.status
    case .repositories(let snapshot, _): status = snapshot.status
    case .repository(_, let snapshot): status = snapshot.status
    }
    return status.rateLimit.map { ($0, status.rateLimitAt) }
  }

  /// The retry its loader waits for now, if any.
  var retry: Int? {
    switch self {
    case .owner(let snapshot, _): snapshot.status.retry?.retry
    case .repositories(let snapshot, _): snapshot.status.retry?.retry
    case .repository(_, let snapshot): snapshot.status.retry?.retry
    }
  }
}
