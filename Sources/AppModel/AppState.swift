import ApexyLoader
import Foundation
import GitHubAPI

/// Everything the screen shows, changed only by `update`.
public struct AppState: Sendable, Equatable {
  /// The most characters the filter holds; typing or pasting more is ignored.
  public static let filterLimit = 64

  /// The owner loader, as its last change left it.
  public internal(set) var owner = LoaderSlot<Owner>()
  /// The repositories loader, as its last change left it.
  public internal(set) var repositories = LoaderSlot<RepositoryList>()
  /// The fetches asked for so far and, headless, how many to make before quitting.
  public var rounds = FetchRounds()
  /// The time of the latest event.
  public var now: Date
  /// The terminal size.
  public var size: Size
  /// The focused element.
  public var focus: Focus = .fetchButton
  /// The first list row shown, per pane.
  public var scroll: [PaneID: Int] = [.fetch: 0, .result: 0]
  /// The list filter (case-insensitive substring of the name, language or description).
  public internal(set) var filter = ""
  /// The order both panes list repositories in.
  public internal(set) var sort = SortOrder.listed
  /// Whether the lists are in ``sort``'s order the other way (`S`).
  public internal(set) var sortReversed = false
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
  /// The keys as bound: the shipped ones, or the config file's.
  public var keys = KeyMap.standard
  /// The spinner frame counter.
  public var spinnerFrame = 0
  /// A short name of the data source for the status bar.
  public var source: String
  /// The login of the owner shown.
  public var ownerLogin: GitHubLogin
  /// Whether the owner shown is an organization or a user, once known.
  public var ownerKind: OwnerKind?
  /// The owners opened before and the one `-` goes back to.
  public var owners = OwnerHistory()
  /// The owner prompt, while it is open.
  public var ownerPrompt: OwnerPrompt?
  /// The lists, selection and scroll of each owner left, by lowercased login, to show again as
  /// they were on the way back.
  var ownerViews: [GitHubLogin: OwnerView] = [:]
  /// The loaders the runtime keeps by key, for the inspector.
  public var kept = KeptLoaders()
  /// The latest rate limit any loader's answer reported: one per host, whichever owner is
  /// shown.
  public var rateLimit: RateLimit?
  /// When the answer that stated `rateLimit` arrived, when known.
  public var rateLimitAt: Date?
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
  /// The pane `n` or `N` last counted matches in, and what it said: while `notice` still says
  /// it, pages landing say it again with the new count.
  var matchNotice: MatchNotice?
  /// Whether to draw in ASCII only (a locale that is not UTF-8, or `--ascii`).
  public var asciiOnly = false
  /// What to tell the user to do about an error (flags belong to the program, not the core).
  public var advice = ErrorAdvice()
  /// When the app asked to be woken (spinner frame or an age that changes), if it did.
  public var pendingWake: Date?

  /// The Fetch pane's state: the owner and its repositories merged.
  public var merged: LoadingState<OwnerRepositories> {
    OwnerRepositories.merged(owner.state, repositories.state)
  }

  /// Whether anything is loading, so the spinner must tick.
  public var isLoading: Bool {
    owner.state.isLoading || repositories.state.isLoading
      || lists.detail?.loader.state.isLoading == true
  }

  /// What the cache has to say: when restored content was last confirmed, and what is wrong
  /// with the store, derived from the loaders.
  public var cache: CacheStatus {
    let problems = [owner.snapshot.cacheProblem, repositories.snapshot.cacheProblem]
      .compactMap { $0 }
    return CacheStatus(
      ownerRestoredAt: owner.restoredAt,
      repositoriesRestoredAt: repositories.restoredAt,
      problem: problems.isEmpty ? nil : Array(Set(problems)).sorted().joined(separator: "; "))
  }

  /// A state with nothing loaded yet.
  public init(
    now: Date, size: Size, source: String, owner: GitHubLogin, host: String, timeout: TimeInterval,
    canToggleOutage: Bool
  ) {
    self.now = now
    self.size = size
    self.source = source
    self.ownerLogin = owner
    self.host = host
    self.timeout = timeout
    self.canToggleOutage = canToggleOutage
  }

  /// The repositories each pane lists after the filter and the sort.
  var visible = VisibleLists()

  /// The repositories a pane lists, after the filter and the sort.
  public func visibleRepositories(_ pane: PaneID) -> RepositoryList {
    pane == .fetch ? visible.fetch.shown : visible.result.shown
  }

  /// Whether a repository the pane lists has a description.
  public func visibleHaveDescriptions(_ pane: PaneID) -> Bool {
    pane == .fetch ? visible.fetch.hasDescriptions : visible.result.hasDescriptions
  }

  /// Takes one loader's change at `now`; a change of the owner or the repositories
  /// filters both lists once. A detail loader's change is kept only while its view is open.
  public mutating func take(_ change: LoaderChange, at now: Date) {
    noteRateLimit(change.rateLimit)
    // A late change of an owner no longer shown never reaches the panes.
    guard isShown(change) else { return }
    switch change {
    case .owner(let snapshot, _):
      owner.take(snapshot, at: now)
      if let kind = snapshot.state.content?.kind { ownerKind = kind }
      refreshVisibleKeepingSelection()
    case .repositories(let snapshot, _):
      repositories.take(snapshot, at: now)
      refreshVisibleKeepingSelection()
    case .repository(let key, let snapshot):
      guard lists.detail?.key == key else { return }
      lists.detail?.loader.take(snapshot, at: now)
    }
  }

  /// Whether `change` is of a loader the panes show: the shown owner's (a change that names
  /// no owner stands for it), or a detail loader's.
  func isShown(_ change: LoaderChange) -> Bool {
    change.login.map { $0 == ownerLogin } ?? true
  }

  /// Keeps `limit` when it is newer than the one kept. In one window (the same reset) the
  /// fewer requests left is the newer figure, whatever order the answers arrived in (a slow
  /// answer carries the figure of when it was asked); of another window, the answer that
  /// arrived later (`at`), an error answer such as a rate-limit 403 included, or, when either
  /// arrival is not known, the later window. A loader shown again brings the limit of its own
  /// last answer, which may be older than another owner's.
  mutating func noteRateLimit(_ stated: (limit: RateLimit, at: Date?)?) {
    guard let (limit, at) = stated else { return }
    if let kept = rateLimit {
      let older: Bool
      if limit.reset == kept.reset {
        older = limit.remaining >= kept.remaining
      } else if let at, let keptAt = rateLimitAt {
        older = at < keptAt
      } else {
        older = limit.reset < kept.reset
      }
      if older { return }
    }
    rateLimit = limit
    rateLimitAt = at
  }

  /// Shows another owner's slots, and lists them once.
  mutating func show(
    owner: LoaderSlot<Owner>, repositories: LoaderSlot<RepositoryList>
  ) {
    self.owner = owner
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
    setSort(sort, descending: sortReversed)
  }

  /// Lists both panes in `sort`'s order, the other way when `descending`.
  public mutating func setSort(_ sort: SortOrder, descending: Bool) {
    guard sort != self.sort || descending != sortReversed else { return }
    self.sort = sort
    sortReversed = descending
    refreshVisible()
  }

  private mutating func refreshVisible() {
    visible.fetch.update(
      shownMerged.content?.repositories ?? [], filter: filter, sort: sort, reversed: sortReversed)
    visible.result.update(
      shownRepositories.content ?? [], filter: filter, sort: sort, reversed: sortReversed)
  }

  /// Lists both panes again after a loader's change, each selection staying on its repository
  /// and in its place on screen: a page that lands above it in a sorted list moves the view
  /// with it.
  private mutating func refreshVisibleKeepingSelection() {
    let before = [PaneID.fetch, .result].map { pane in
      (pane, ListKeys.selected(self, in: pane)?.rawName, lists.selected[pane] ?? 0)
    }
    refreshVisible()
    for (pane, name, index) in before {
      guard let name, visibleRepositories(pane).indices.contains(index),
        visibleRepositories(pane)[index].rawName != name,
        let moved = visibleRepositories(pane).firstIndex(where: { $0.rawName == name })
      else { continue }
      lists.selected[pane] = moved
      scroll[pane] = (scroll[pane] ?? 0) + moved - index
    }
    if let match = matchNotice, notice == match.text {
      let text = ListKeys.matchLine(self, in: match.pane)
      notice = text
      matchNotice = MatchNotice(pane: match.pane, text: text)
    }
  }
}

/// What `n` or `N` said, and of which pane.
struct MatchNotice: Equatable, Sendable {
  let pane: PaneID
  let text: String
}
