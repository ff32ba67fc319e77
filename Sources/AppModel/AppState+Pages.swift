import ApexyLoader
import Foundation
import GitHubAPI

/// The repositories as the panes show them while a list is read page by page, and what the
/// app says about the pages. The loaders' states keep their meaning; these are derived.
extension AppState {
  /// The repositories the panes show: the loader's state, the rows read so far standing in
  /// for a cache it lacks.
  public var shownRepositories: LoadingState<RepositoryList> { repositories.shownState }

  /// The Fetch pane's state as shown: the owner merged with ``shownRepositories``. While
  /// the owner is loading and has not answered yet, and pages of its repositories arrive, the
  /// owner stands in by its login, so the Fetch pane lists the rows so far as the Result pane
  /// does. An owner not asked for (`r` reloads the repositories alone) stands in for nothing:
  /// the Fetch pane would list rows only to drop them when the load ends.
  public var shownMerged: LoadingState<OwnerRepositories> {
    var shownOwner = owner.state
    if case .loading(cache: nil) = shownOwner, repositories.state.content == nil,
      repositories.snapshot.partial != nil
    {
      shownOwner = .loading(cache: Owner(login: ownerLogin.spelling, name: nil, kind: ownerKind))
    }
    return OwnerRepositories.merged(shownOwner, shownRepositories)
  }

  /// The pages of the repositories' load under way, once it read a page and until it ends;
  /// `nil` before (the pages of the load before it are not this load's).
  public var pagesLoading: PageProgress? {
    repositories.status.pagesSoFar(isLoading: repositories.state.isLoading)
  }

  /// How far the repositories' failed load got, when it read a page or more and stopped (in an
  /// earlier run, for pages restored from the cache).
  public var pagesStopped: PageProgress? {
    guard repositories.state.isFailure || repositories.state.isInitial,
      let pages = repositories.status.pages,
      pages.pagesRead > 0, !pages.isComplete, !pages.stoppedEarly
    else { return nil }
    return pages
  }

  /// "Stopped at the cap of 3 pages (300 repositories); raise it with --page-cap.", when the
  /// repositories' last load ended at the page cap, or "First 25 repositories (--limit 25).",
  /// when it ended at the limit.
  public var capNotice: String? {
    guard case .success = repositories.state, let pages = repositories.status.pages else {
      return nil
    }
    if let limit = pages.stoppedAtLimit { return PageNotes.limit(limit, flag: advice.limit) }
    guard let cap = pages.stoppedAtCap else { return nil }
    return PageNotes.cap(cap, items: pages.itemCount, advice: advice.pageCap)
  }

  /// "50 pages to read, 31 requests left until 22:52.", while the load under way has more
  /// pages left than the newest rate limit allows requests.
  public var rateLimitShort: String? {
    pagesLoading.flatMap { PageNotes.rateLimitShort($0, rateLimit) }
  }

  /// The one-line error for `error`; an error of the repositories
  /// loader that stopped part-way says how far it got and what is shown ("after 29 of 50
  /// pages (2,900 shown)"), or, headless, what was read. `retrying`: the line of a failure
  /// about to be retried (what failed, not when to try again).
  public func errorLine(
    for error: Error, ofRepositories: Bool, headless: Bool = false, retrying: Bool = false
  ) -> String {
    let line = ErrorMessage.line(
      for: error, host: host, timeout: timeout, retrying: retrying, context: advice, now: now,
      advice: { [advice] in advice.line(for: $0) })
    guard ofRepositories, let pages = pagesStopped else { return line }
    let read = PageNotes.grouped(pages.itemCount)
    var shown: String
    if let before = repositories.state.content {
      shown = "the \(PageNotes.grouped(before.count)) from before " + (headless ? "kept" : "shown")
    } else {
      shown = read
      if let total = owner.state.content?.publicRepos, total > pages.itemCount {
        shown += " of \(PageNotes.grouped(total))"
      }
      shown += headless ? " read" : " shown"
    }
    return TextSanitizer.clean(
      PageNotes.line(line, stopped: PageNotes.after(pages) + " (\(shown))"))
  }

  /// The error line of a pane: the Fetch pane's is the repositories' own unless the
  /// organization failed.
  public func errorLine(for error: Error, pane: PaneID) -> String {
    errorLine(for: error, ofRepositories: pane == .result || owner.state.error == nil)
  }
}

extension LoadingState {
  /// Whether this is a failure.
  fileprivate var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }

  /// Whether this is the initial state.
  fileprivate var isInitial: Bool {
    if case .initial = self { return true }
    return false
  }
}

extension AppState {
  /// Whether this state is `before` with more of the repositories read and nothing else
  /// changed but what a page changes: the repositories' loader (its partial content, pages and
  /// status), the lists made from it, the rate limit, the requests recorded, and the time.
  public func readMore(since before: AppState) -> Bool {
    var same = self
    same.repositories = before.repositories
    same.visible = before.visible
    same.rateLimit = before.rateLimit
    same.rateLimitAt = before.rateLimitAt
    same.inspector = before.inspector
    same.now = before.now
    same.pendingWake = before.pendingWake
    return same == before
  }
}
