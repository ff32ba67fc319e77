import ApexyLoader
import Foundation

extension RepositoriesLoader {
  /// The most repositories a page is asked to hold (`per_page`): 100, or the limit below it,
  /// so that a short list costs one request of its size, as `gh repo list --limit` asks.
  public var perPage: Int {
    min(RepositoriesPageEndpoint.pageSize, limit ?? RepositoriesPageEndpoint.pageSize)
  }

  /// The first page of the owner's list as this loader asks for it, for an owner of `kind`.
  ///
  /// - Parameter kind: Organization or user.
  /// - Returns: The endpoint, ``perPage`` repositories a page.
  public func firstPage(_ kind: OwnerKind) -> RepositoriesPageEndpoint {
    RepositoriesPageEndpoint.firstPage(
      login: login, kind: kind, perPage: perPage, sanitizer: sanitizer)
  }

  /// Whether `count` repositories read reach the limit: no page is read after them.
  func reachesLimit(_ count: Int) -> Bool {
    limit.map { count >= $0 } ?? false
  }

  /// `result` cut to the limit, and `progress` saying so, when the list has more than it: more
  /// rows were read than it, or as many with a page after them (`step`).
  func limited(
    _ result: Result<RepositoryList, Error>, after step: PageWalk.Step,
    progress: inout PageProgress
  ) -> Result<RepositoryList, Error> {
    guard let limit, case .success(let all) = result, all.count >= limit else { return result }
    if case .end = step, all.count == limit { return result }
    progress.itemCount = limit
    progress.stoppedAtLimit = limit
    // Cut at the limit, the page cap (if reached too) is not what the list stopped at.
    progress.stoppedAtCap = nil
    return .success(all.truncated(to: limit))
  }

  /// `progress` counting the pages this load reads: with a limit, the pages of the first one's
  /// size that reach it, when the list has more (GitHub fills every page but the last).
  ///
  /// - Parameters:
  ///   - progress: The walk's progress, its page count the list's.
  ///   - firstPage: How many repositories the first page held.
  /// - Returns: The progress, its page count no more than the limit needs.
  func countingPagesRead(_ progress: PageProgress, firstPage: Int?) -> PageProgress {
    guard let limit, let size = firstPage, size > 0, let count = progress.pageCount else {
      return progress
    }
    var progress = progress
    let needed = (limit + size - 1) / size
    progress.pageCount = min(count, max(progress.pagesRead, needed))
    return progress
  }
}
