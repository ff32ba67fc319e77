import ApexyLoader
import Foundation

/// Which element has keyboard focus.
enum Focus: Int, Sendable, CaseIterable {
  case fetchButton, fetchList, resultList

  /// The pane the focused element belongs to.
  var pane: PaneID { self == .resultList ? .result : .fetch }
}

/// The two panes.
enum PaneID: Sendable, Hashable {
  case fetch, result
}

/// Width and height of the terminal in cells.
struct Size: Sendable, Equatable {
  var columns: Int
  var rows: Int
}

/// Everything the screen shows, changed only by `update`.
struct AppState: Sendable {
  /// The organization loader's state.
  var organization: LoadingState<Organization> = .initial { didSet { refreshVisible() } }
  /// The repositories loader's state.
  var repositories: LoadingState<[Repository]> = .initial { didSet { refreshVisible() } }
  /// When each loader last succeeded.
  var organizationSucceededAt: Date?
  /// When the repositories loader last succeeded.
  var repositoriesSucceededAt: Date?
  /// The time of the latest event.
  var now: Date
  /// The terminal size.
  var size: Size
  /// The focused element.
  var focus: Focus = .fetchButton
  /// The first list row shown, per pane.
  var scroll: [PaneID: Int] = [.fetch: 0, .result: 0]
  /// The list filter (case-insensitive substring of the name).
  var filter = "" { didSet { refreshVisible() } }
  /// Whether keys go into the filter.
  var isEditingFilter = false
  /// Whether the key help is shown.
  var showHelp = false
  /// The spinner frame counter.
  var spinnerFrame = 0
  /// A short name of the data source for the status bar.
  var source: String
  /// The organization login.
  var org: String
  /// `host:port` of the API, for error messages.
  var host: String
  /// The request deadline in seconds, for error messages.
  var timeout: TimeInterval
  /// Whether the `x` outage toggle exists (built-in server only).
  var canToggleOutage: Bool
  /// Whether the simulated outage is on.
  var outage = false
  /// A transient one-line notice (for example after `x`).
  var notice: String?

  /// The Fetch pane's state: organization and repositories merged.
  var merged: LoadingState<OrganizationRepositories> {
    organization.merge(repositories) {
      OrganizationRepositories(organization: $0, repositories: $1)
    }
  }

  /// Whether anything is loading, so the spinner must tick.
  var isLoading: Bool { organization.isLoading || repositories.isLoading }

  /// A state with nothing loaded yet.
  init(
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

  /// The repositories each pane lists after the filter; filtered when the filter or the
  /// content changes, never per frame.
  private var visibleFetch: [Repository] = []
  private var visibleResult: [Repository] = []

  /// The repositories a pane lists, after the filter.
  func visibleRepositories(_ pane: PaneID) -> [Repository] {
    pane == .fetch ? visibleFetch : visibleResult
  }

  private mutating func refreshVisible() {
    visibleFetch = Self.filtered(merged.content?.repositories ?? [], by: filter)
    visibleResult = Self.filtered(repositories.content ?? [], by: filter)
  }

  private static func filtered(_ all: [Repository], by filter: String) -> [Repository] {
    guard !filter.isEmpty else { return all }
    return all.filter { $0.name.range(of: filter, options: .caseInsensitive) != nil }
  }
}
