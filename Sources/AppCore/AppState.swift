import ApexyLoader
import Foundation
import GitHubAPI

/// Everything the screen shows, changed only by `update`.
public struct AppState: Sendable, Equatable {
  /// The most characters the filter holds; typing or pasting more is ignored.
  public static let filterLimit = 64

  /// The organization loader's state.
  public private(set) var organization: LoadingState<Organization> = .initial
  /// The repositories loader's state.
  public private(set) var repositories: LoadingState<[Repository]> = .initial
  /// When each loader last succeeded.
  public var organizationSucceededAt: Date?
  /// When the repositories loader last succeeded.
  public var repositoriesSucceededAt: Date?
  /// The organization loader's retry, freshness and rate limit.
  public var organizationStatus = LoaderStatus()
  /// The repositories loader's retry, freshness and rate limit.
  public var repositoriesStatus = LoaderStatus()
  /// The time of the latest event.
  public var now: Date
  /// The terminal size.
  public var size: Size
  /// The focused element.
  public var focus: Focus = .fetchButton
  /// The first list row shown, per pane.
  public var scroll: [PaneID: Int] = [.fetch: 0, .result: 0]
  /// The list filter (case-insensitive substring of the name, language or description).
  public private(set) var filter = ""
  /// The order both panes list repositories in.
  public private(set) var sort = SortOrder.listed
  /// The selected rows and the open detail view.
  public var lists = ListState()
  /// The inspector: observers, request counts and the request log.
  public var inspector = InspectorState()
  /// Whether keys go into the filter.
  public var isEditingFilter = false
  /// Whether the key help is shown.
  public var showHelp = false
  /// The first key help row shown, when the help is taller than the terminal.
  public var helpScroll = 0
  /// The spinner frame counter.
  public var spinnerFrame = 0
  /// A short name of the data source for the status bar.
  public var source: String
  /// The organization login.
  public var org: String
  /// `host:port` of the API, for error messages.
  public var host: String
  /// The request deadline in seconds, for error messages.
  public var timeout: TimeInterval
  /// Whether the `x` outage toggle exists (built-in server only).
  public var canToggleOutage: Bool
  /// Whether the simulated outage is on.
  public var outage = false
  /// A transient one-line notice (for example after `x`).
  public var notice: String?
  /// Whether to draw in ASCII only (a locale that is not UTF-8, or `--ascii`).
  public var asciiOnly = false
  /// What to tell the user to do about an error (flags belong to the program, not the core).
  public var advice = ErrorAdvice()
  /// What the status bar says about the cache (restored content, a store problem).
  public var cache = CacheStatus()
  /// When the app asked to be woken (spinner frame or an age that changes), if it did.
  public var pendingWake: Date?

  /// The Fetch pane's state: organization and repositories merged.
  public var merged: LoadingState<OrganizationRepositories> {
    OrganizationRepositories.merged(organization, repositories)
  }

  /// Whether anything is loading, so the spinner must tick.
  public var isLoading: Bool {
    organization.isLoading || repositories.isLoading || lists.detailLoad?.state.isLoading == true
  }

  /// A state with nothing loaded yet.
  public init(
    now: Date, size: Size, source: String, org: String, host: String, timeout: TimeInterval,
    canToggleOutage: Bool
  ) {
    self.now = now
    self.size = size
    self.source = source
    self.org = org
    self.host = host
    self.timeout = timeout
    self.canToggleOutage = canToggleOutage
  }

  /// The repositories each pane lists after the filter; recomputed when the loaders or the
  /// filter change, never per frame.
  private var visibleFetch: [Repository] = []
  private var visibleResult: [Repository] = []

  /// The repositories a pane lists, after the filter.
  public func visibleRepositories(_ pane: PaneID) -> [Repository] {
    pane == .fetch ? visibleFetch : visibleResult
  }

  /// Takes both loaders' states at once and filters their lists once.
  public mutating func setLoaders(
    organization: LoadingState<Organization>, repositories: LoadingState<[Repository]>
  ) {
    self.organization = organization
    self.repositories = repositories
    refreshVisible()
  }

  /// Sets the filter and filters both lists once.
  public mutating func setFilter(_ filter: String) {
    guard filter != self.filter else { return }
    self.filter = filter
    refreshVisible()
  }

  /// Sets the sort order and sorts both lists once.
  public mutating func setSort(_ sort: SortOrder) {
    guard sort != self.sort else { return }
    self.sort = sort
    refreshVisible()
  }

  private mutating func refreshVisible() {
    visibleFetch = filtered(merged.content?.repositories ?? [])
    visibleResult = filtered(repositories.content ?? [])
  }

  private func filtered(_ all: [Repository]) -> [Repository] {
    let kept = filter.isEmpty ? all : all.filter { ListFilter.matches($0, filter) }
    return sort.sorted(kept)
  }
}
