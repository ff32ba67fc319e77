import ApexyHTTP
import ApexyLoader
import Foundation

/// Loads every repository of an owner, following `Link: rel="next"` to the last page:
/// `orgs/{org}/repos` for an organization, `users/{login}/repos` for a user. An owner of a kind
/// not known yet is asked of ``kindSource`` first (the owner's loader, as TanStack Query's
/// dependent queries wait for the query they need).
///
/// With `policies.revalidates`, each page is sent as a conditional request: a page the server
/// confirms unchanged (`304`) is reused as decoded last time, and when every page is, the
/// list is kept as it is (the same array, nothing decoded) through `finishNotModified()`.
@MainActor
public final class RepositoriesLoader: WebLoader<[Repository]>, ContentLoading {
  /// The owner's login.
  public let org: String
  /// Whether the owner is an organization or a user; `nil` until known.
  public var kind: OwnerKind?
  /// Tells the owner's kind when it is not known: called with a completion, on the main
  /// actor, at most once per load. Without one, an owner of unknown kind is listed through
  /// `users/{login}/repos`, which GitHub answers for both kinds.
  public var kindSource: ((@escaping @MainActor (Result<OwnerKind, Error>) -> Void) -> Void)?
  /// The most pages followed before pagination stops with an error.
  public let pageCap: Int
  /// Cleans the text of what it loads.
  public let sanitizer: TextSanitizer
  /// Each page's validators and decoded repositories, by page URL.
  public let pageCache = RevalidationCache<CachedPage>()
  /// How the pages of the latest finished load were obtained.
  public private(set) var lastPageCounts = PageCounts()

  /// Whether a page changed since the content was last built from the cached pages.
  private var pagesChangedSinceContent = false

  /// Creates the loader for `org` (an organization unless `kind` says otherwise), following at
  /// most `pageCap` pages; `sanitizer` cleans the text of what it loads.
  public init(
    apiClient: Client, org: String, kind: OwnerKind? = .organization, pageCap: Int = 100,
    sanitizer: TextSanitizer
  ) {
    self.org = org
    self.kind = kind
    self.pageCap = pageCap
    self.sanitizer = sanitizer
    super.init(apiClient: apiClient)
  }

  private let decodeQueue = DispatchQueue(label: "loader-tui.repositories.decode")

  /// Starts loading unless a load is in flight; an owner of unknown kind is asked of
  /// ``kindSource`` first.
  public func load() {
    guard startLoading() else { return }
    if kind == nil, let kindSource {
      kindSource { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let kind):
          self.kind = kind
          self.fetchFirstPage(kind)
        case .failure(let error):
          self.finishLoading(.failure(error))
        }
      }
      return
    }
    fetchFirstPage(kind ?? .user)
  }

  private func fetchFirstPage(_ kind: OwnerKind) {
    fetch(
      RepositoriesPageEndpoint.firstPage(org: org, kind: kind, sanitizer: sanitizer),
      pages: DecodedPages(sanitizer: sanitizer), visited: [])
  }

  /// Fetches one page, asks for the next one at once, and decodes this one meanwhile.
  private func fetch(
    _ endpoint: RepositoriesPageEndpoint, pages: DecodedPages, visited: Set<String>
  ) {
    var visited = visited
    visited.insert(endpoint.url.absoluteString)
    let conditional = pageCache.conditional(endpoint)
    guard policies.revalidates else {
      // Sent as it is, as a loader without policies always did.
      request(
        endpoint,
        completion: { [weak self] result in
          self?.received(
            result.map { .modified($0, validators: ResponseValidators()) }, for: conditional,
            pages: pages, visited: visited)
        })
      return
    }
    request(
      conditional,
      completion: { [weak self] result in
        self?.received(result, for: conditional, pages: pages, visited: visited)
      })
  }

  private func received(
    _ result: Result<Revalidated<RepositoriesPage>, Error>,
    for conditional: ConditionalEndpoint<RepositoriesPageEndpoint>, pages: DecodedPages,
    visited: Set<String>
  ) {
    switch result {
    case .failure(let error):
      finish(.failure(error), pages: pages)
    case .success(.notModified):
      let cached: CachedPage
      do {
        cached = try pageCache.reused(for: conditional)
      } catch {
        finish(.failure(error), pages: pages)
        return
      }
      pages.reuse(cached.slice, key: conditional.key, on: decodeQueue)
      next(cached.next, pages: pages, visited: visited)
    case .success(.modified(let page, let validators)):
      pagesChangedSinceContent = true
      let cache = pageCache
      let key = conditional.key
      let next = page.next
      let revalidates = policies.revalidates
      // The next page is asked for once the page before this one is decoded (queued on the
      // decoding queue ahead of this page): the next page arrives while this one decodes, and
      // at most two page bodies wait for the decoder however fast the server answers.
      decodeQueue.async { [weak self] in
        DispatchQueue.main.async { self?.next(next, pages: pages, visited: visited) }
      }
      pages.decode(page, key: key, on: decodeQueue) { _ in
        guard revalidates else { return }
        // The page's repositories are put in once the load ends, as a slice of the whole list
        // (`finish`): stored now, every page of the load would be held twice until then.
        cache.store(CachedPage(repositories: [], next: next), validators: validators, forKey: key)
      }
    }
  }

  /// Fetches the page after this one, or ends the load when there is none.
  private func next(_ next: URL?, pages: DecodedPages, visited: Set<String>) {
    if let next, pages.firstError == nil {
      if let stop = stop(next: next, visited: visited) {
        finish(.failure(GitHubError.paginationStopped(stop)), pages: pages)
      } else {
        fetch(
          RepositoriesPageEndpoint(
            org: org, kind: kind ?? .user, url: next, sanitizer: sanitizer),
          pages: pages, visited: visited)
      }
      return
    }
    pages.collect(on: decodeQueue) { [weak self] result in
      guard let self else { return }
      if case .success = result, !self.pagesChangedSinceContent, self.state.content != nil {
        self.lastPageCounts = pages.pageCounts
        self.finishNotModified()
        return
      }
      self.finish(result, pages: pages)
    }
  }

  private func finish(_ result: Result<[Repository], Error>, pages: DecodedPages) {
    lastPageCounts = pages.pageCounts
    // Each cached page becomes a slice of the list (after a failure, of what was decoded of
    // it): one copy of every repository, not two.
    let all = pages.collected
    for (key, range) in pages.pageRanges where range.upperBound <= all.count {
      pageCache.replaceValue(forKey: key) { CachedPage(slice: all[range], next: $0.next) }
    }
    if case .success = result { pagesChangedSinceContent = false }
    finishLoading(result)
  }

  /// Why pagination must stop before fetching `next`, if it must.
  private func stop(next: URL, visited: Set<String>) -> PaginationStop? {
    if visited.contains(next.absoluteString) { return .linkLoop(page: visited.count) }
    if visited.count >= pageCap { return .pageCap(pageCap) }
    return nil
  }
}
