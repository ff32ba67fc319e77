import ApexyLoader
import Foundation

/// Where the repositories' cache entry finds the pages the list was loaded from, and where it
/// puts them back: the loader's page cache, walked from the first page along each page's `next`.
///
/// Page URLs are stored without the API's origin (`@origin/…`) and get this run's back, so the
/// built-in server's next port still matches them.
public struct RepositoryPageSource: Sendable {
  /// The loader's pages, with their validators, by page URL.
  public let pageCache: RevalidationCache<CachedPage>
  /// The keys (URLs) the first page may have: one, or, for an owner whose kind the API is to
  /// tell, an organization's (`orgs/…`) and a user's (`users/…`).
  public let firstPages: [String]
  /// The API root of this run, without a trailing slash.
  public let origin: String
  /// The most repositories the loader lists (`--limit`): its list may end inside its last
  /// page, whose rows past the limit are stored with the page and left out when read back.
  public let limit: Int?

  /// A source over `pageCache`, whose first page is one of `firstPages`, for the API at
  /// `origin`.
  ///
  /// - Parameters:
  ///   - pageCache: The loader's pages, with their validators.
  ///   - firstPages: The URLs a list may start at (one per kind of owner while the kind is
  ///     not known).
  ///   - origin: The API root of this run.
  public init(pageCache: RevalidationCache<CachedPage>, firstPages: [URL], origin: URL) {
    self.init(pageCache: pageCache, firstPages: firstPages, origin: origin, limit: nil)
  }

  /// A source over `pageCache` for a loader listing at most `limit` repositories.
  ///
  /// - Parameters:
  ///   - pageCache: The loader's pages, with their validators.
  ///   - firstPages: The URLs a list may start at.
  ///   - origin: The API root of this run.
  ///   - limit: The most repositories the loader lists; `nil` for no limit.
  public init(
    pageCache: RevalidationCache<CachedPage>, firstPages: [URL], origin: URL, limit: Int?
  ) {
    self.pageCache = pageCache
    self.firstPages = firstPages.map(\.absoluteString)
    self.origin = OriginRelativeStore.spelling(of: origin)
    self.limit = limit
  }

  /// A source over `pageCache`, whose first page is `firstPage`, for the API at `origin`.
  ///
  /// - Parameters:
  ///   - pageCache: The loader's pages, with their validators.
  ///   - firstPage: The URL the list starts at.
  ///   - origin: The API root of this run.
  public init(pageCache: RevalidationCache<CachedPage>, firstPage: URL, origin: URL) {
    self.init(pageCache: pageCache, firstPages: [firstPage], origin: origin)
  }

  /// The pages of `loader`, for the API at `origin`: its first page as its owner's kind makes
  /// it, or either kind's while the kind is not known (a user's pages were once looked up under
  /// an organization's first page, and never revalidated).
  ///
  /// - Parameters:
  ///   - loader: The repositories loader whose pages are stored.
  ///   - origin: The API root of this run.
  @MainActor
  public init(loader: RepositoriesLoader, origin: URL) {
    let kinds = loader.kind.map { [$0] } ?? [.organization, .user]
    self.init(
      pageCache: loader.pageCache,
      firstPages: kinds.map { loader.firstPage($0).url },
      origin: origin, limit: loader.limit)
  }

  /// The pages `content` was built from, in order, with their URLs and validators, and, for the
  /// partial content of a load that stopped part-way, the URL of the page after the last (the
  /// first not read) and the page count; `nil` when the page cache no longer holds exactly
  /// them, or when a URL or validator shows a secret.
  func storedPages(of content: RepositoryList, sanitizer: TextSanitizer) -> StoredPages? {
    let first = firstPages.first { pageCache.value(forKey: $0) != nil } ?? firstPages[0]
    return storedPages(of: content, from: first, sanitizer: sanitizer)
  }

  private func storedPages(
    of content: RepositoryList, from firstPage: String, sanitizer: TextSanitizer
  ) -> StoredPages? {
    var pages: [StoredPage] = []
    var flattened = RepositoryList()
    var seen: Set<String> = []
    var key = firstPage
    var pageCount: Int?
    while seen.insert(key).inserted {
      let stored = pageCache.stored(forKey: key)
      // Pages read up to one not read (not fetched, or fetched after the content was taken
      // from a load under way): partial content, going on at `key`.
      if stored == nil || (flattened.count == content.count && !content.isEmpty) {
        guard !pages.isEmpty, flattened == content else { return nil }
        let next = OriginRelativeStore.stored(key, origin: origin)
        guard sanitizer.redacted(next) == next else { return nil }
        return StoredPages(p: pages, n: next, c: pageCount)
      }
      guard let (page, validators) = stored else { return nil }
      pageCount = page.pageCount
      let url = OriginRelativeStore.stored(key, origin: origin)
      let texts = [url, validators.etag, validators.lastModified].compactMap { $0 }
      guard texts.allSatisfy({ sanitizer.redacted($0) == $0 }) else { return nil }
      pages.append(
        StoredPage(
          u: url, e: validators.etag, m: validators.lastModified,
          r: page.slice.map(StoredRepository.init)))
      flattened.appendPage(page.slice)
      // A list cut at the limit ends inside this page: the page is stored whole, as its
      // validators say it is.
      if let limit, content.count == limit, flattened.count >= limit {
        return flattened.starts(with: content) ? StoredPages(p: pages) : nil
      }
      guard let next = page.next else {
        return flattened == content ? StoredPages(p: pages) : nil
      }
      key = next.absoluteString
    }
    return nil
  }

  /// Puts the `stored` pages into the page cache as the pages of `content` (page `i` being
  /// `content.pages[i]`), each with the next one's URL, the last linking to the first page not
  /// read when the content is partial; does nothing unless every page has a URL and validators
  /// and the first is this run's first page.
  func restore(_ pages: StoredPages, content: RepositoryList) {
    let stored = pages.p
    let urls = stored.compactMap { page in
      page.u.map { OriginRelativeStore.restored($0, origin: origin) }
    }
    let after = pages.n.map { OriginRelativeStore.restored($0, origin: origin) }
    let validators = stored.map { ResponseValidators(etag: $0.e, lastModified: $0.m) }
    guard urls.count == stored.count, let first = urls.first, firstPages.contains(first),
      validators.allSatisfy({ !$0.isEmpty })
    else { return }
    for index in urls.indices {
      let next = index + 1 < urls.count ? URL(string: urls[index + 1]) : after.flatMap(URL.init)
      pageCache.store(
        CachedPage(slice: content.pages[index], next: next, pageCount: pages.c ?? urls.count),
        validators: validators[index],
        forKey: urls[index])
    }
  }
}

/// The repositories' cache content: the pages in order; for the partial content of a load that
/// stopped part-way, the URL of the first page not read and how many pages the list has.
struct StoredPages: Codable {
  var p: [StoredPage]
  var n: String?
  var c: Int?

  /// This layout (its keys and types, each page's `r` holding repositories) and the fields of
  /// a stored repository, as the entry's version: a number from 100,000,000 to 999,999,999
  /// (FNV-1a of the text), never an old version's 1 or 2.
  static func version(of repositoryFields: String) -> Int {
    let text =
      "p: [u: String?, e: String?, m: String?, r: [\(repositoryFields)]], n: String?, c: Int?"
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return 100_000_000 + Int(hash % 900_000_000)
  }

  init(p: [StoredPage], n: String? = nil, c: Int? = nil) {
    self.p = p
    self.n = n
    self.c = c
  }
}

/// One page as stored: its URL without the origin, its validators and its repositories; a
/// page without a URL is content only, fetched whole on the next load.
struct StoredPage: Codable {
  var u: String?
  var e: String?
  var m: String?
  var r: [StoredRepository]

  init(u: String?, e: String?, m: String?, r: [StoredRepository]) {
    self.u = u
    self.e = e
    self.m = m
    self.r = r
  }

  /// A page of `repositories` without a URL or validators.
  init<S: Sequence<Repository>>(repositories: S) {
    self.init(u: nil, e: nil, m: nil, r: repositories.map(StoredRepository.init))
  }
}
