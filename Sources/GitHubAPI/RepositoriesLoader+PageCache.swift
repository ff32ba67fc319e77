import ApexyLoader
import Foundation

/// The repositories loader's page cache: the pages a resumed load goes on from, and each page
/// kept as a slice of the list.
extension RepositoriesLoader {
  /// The pages `resume` read, from the page cache, with their keys: its chain from the first
  /// page along each page's `next`, as this run spells them (pages restored from the cache
  /// carry this run's origin, where `resume`'s URLs carry the origin of the run that stopped);
  /// `nil` unless the cache holds every one and the last links on.
  func keptPages(of resume: PageResume) -> ([CachedPage], [String])? {
    var kept: [CachedPage] = []
    var keys: [String] = []
    var key = resume.firstPage
    while keys.count < resume.visited.count, let page = pageCache.value(forKey: key) {
      kept.append(page)
      keys.append(key)
      guard let next = page.next else { break }
      key = next.absoluteString
    }
    guard keys.count == resume.visited.count, kept.last?.next != nil else { return nil }
    return (kept, keys)
  }

  /// Makes each page of `pages` in the page cache the page of `list` (the pages' repositories
  /// so far) it became, the pages decoded since `list` was taken left as they are. A page
  /// decoded in this load is that page already; a page reused or carried is made so when the
  /// list left out a repository listed on an earlier page.
  func sliceCachedPages(_ pages: DecodedPages, of list: RepositoryList) {
    for (key, page) in zip(pages.pageKeys, list.pages) {
      guard let key else { continue }
      pageCache.replaceValue(forKey: key) {
        $0.slice == page ? $0 : CachedPage(slice: page, next: $0.next, pageCount: $0.pageCount)
      }
    }
  }
}
