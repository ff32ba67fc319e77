import ApexyHTTP
import ApexyLoader
import Foundation

/// Loads every repository of an owner, following `Link: rel="next"` to the last page:
/// `orgs/{org}/repos` for an organization, `users/{login}/repos` for a user. An owner of a kind
/// not known yet is asked of ``kindSource`` first (the owner's loader, as TanStack Query's
/// dependent queries wait for the query they need).
///
/// Pages are read one at a time, as GitHub asks. After each page, `partialContent` holds the
/// repositories so far and `pageProgress` the pages (of `Link: rel="last"`). A page that fails
/// keeps what was read in `partialContent`, and the next load goes on from that page; at
/// ``pageCap`` pages the load succeeds with what it read, and once ``limit`` repositories are
/// read it succeeds with that many.
///
/// With `policies.revalidates`, each page is sent as a conditional request: a page the server
/// confirms unchanged (`304`) is reused as decoded last time, and when every page is, the
/// list is kept as it is (the same pages, nothing decoded) through `finishNotModified()`.
@MainActor
public final class RepositoriesLoader: WebLoader<RepositoryList>, ContentLoading {
  /// The owner's login.
  public let login: GitHubLogin
  /// Whether the owner is an organization or a user; `nil` until known.
  public var kind: OwnerKind?
  /// Tells the owner's kind when it is not known: called with a completion, on the main
  /// actor, at most once per load. Without one, an owner of unknown kind is listed through
  /// `users/{login}/repos`, which GitHub answers for both kinds.
  public var kindSource: ((@escaping @MainActor (Result<OwnerKind, Error>) -> Void) -> Void)?
  /// The most pages read; a list with more stops there, as a limit and not a failure.
  public let pageCap: Int
  /// The most repositories listed, as `gh repo list --limit` lists: pages of at most that many
  /// are asked for, no page after the one that reaches it, and the list is cut to it; `nil` for
  /// every one. ``loadNextPage()`` reads pages of 100 whatever it is.
  public let limit: Int?
  /// Cleans the text of what it loads.
  public let sanitizer: TextSanitizer
  /// Each page's validators and decoded repositories, by page URL.
  public let pageCache = RevalidationCache<CachedPage>()
  /// How the pages of the latest finished load were obtained.
  public private(set) var lastPageCounts = PageCounts()

  /// Whether a page changed since the content was last built from the cached pages.
  private var pagesChangedSinceContent = false

  /// Creates the loader for `login` (of the kind `kind` says), following at
  /// most `pageCap` pages and listing at most `limit` repositories; `sanitizer` cleans the
  /// text of what it loads.
  ///
  /// - Parameters:
  ///   - apiClient: The client it sends with.
  ///   - login: The owner's login.
  ///   - kind: Its kind; `nil` until known.
  ///   - pageCap: The most pages followed.
  ///   - limit: The most repositories listed (at least 1); `nil` for every one.
  ///   - sanitizer: Cleans the text of what it loads.
  public init(
    apiClient: Client, login: GitHubLogin, kind: OwnerKind?, pageCap: Int = 100,
    limit: Int? = nil, sanitizer: TextSanitizer
  ) {
    self.login = login
    self.kind = kind
    self.pageCap = pageCap
    self.limit = limit.map { max(1, $0) }
    self.sanitizer = sanitizer
    super.init(apiClient: apiClient)
  }

  private let decodeQueue = DispatchQueue(label: "GitHubAPI.RepositoriesLoader.decode")

  /// Starts loading unless a load is in flight; an owner of unknown kind is asked of
  /// ``kindSource`` first. A load that stopped part-way goes on from its first page not read.
  public func load() {
    guard startLoading() else { return }
    // Tells this load from a later one, or from content set meanwhile, whose pages win.
    let generation = loadGeneration
    if kind == nil, let kindSource {
      kindSource { [weak self] result in
        guard let self, self.loadGeneration == generation else { return }
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
    let first = firstPage(kind)
    let pages = DecodedPages(sanitizer: sanitizer)
    guard let partial = partialContent, let resume = partial.resume,
      resume.firstPage == first.url.absoluteString, !reachesLimit(partial.content.count)
    else {
      fetch(first, pages: pages, walk: PageWalk(firstPage: first.url, pageCap: pageCap))
      return
    }
    // Goes on where the stopped load stopped, with what it read, page by page where the page
    // cache holds each (so each stays one slice of the list).
    var goOn = resume
    if let (kept, keys) = keptPages(of: resume) {
      for (key, page) in zip(keys, kept) { pages.carry(page.slice, key: key) }
      goOn = PageResume(
        firstPage: resume.firstPage, next: kept.last?.next ?? resume.next, visited: keys,
        pageCount: resume.pageCount)
    } else {
      for page in partial.content.pages { pages.carry(page) }
    }
    fetch(
      RepositoriesPageEndpoint(login: login, kind: kind, url: goOn.next, sanitizer: sanitizer),
      pages: pages, walk: PageWalk(resuming: goOn, pageCap: pageCap))
  }

  /// Fetches one page, asks for the next one at once, and decodes this one meanwhile.
  private func fetch(_ endpoint: RepositoriesPageEndpoint, pages: DecodedPages, walk: PageWalk) {
    let conditional = pageCache.conditional(endpoint)
    let url = endpoint.url
    guard policies.revalidates else {
      // Sent as it is, as a loader without policies always did.
      request(
        endpoint,
        completion: { [weak self] result in
          self?.received(
            result.map { .modified($0, validators: ResponseValidators()) }, at: url,
            for: conditional, pages: pages, walk: walk)
        })
      return
    }
    request(
      conditional,
      completion: { [weak self] result in
        self?.received(result, at: url, for: conditional, pages: pages, walk: walk)
      })
  }

  private func received(
    _ result: Result<Revalidated<RepositoriesPage>, Error>, at url: URL,
    for conditional: ConditionalEndpoint<RepositoriesPageEndpoint>, pages: DecodedPages,
    walk: PageWalk
  ) {
    var walk = walk
    switch result {
    case .failure(let error):
      stop(error, before: url, pages: pages, walk: walk)
    case .success(.notModified):
      let cached: CachedPage
      do {
        cached = try pageCache.reused(for: conditional)
      } catch {
        stop(error, before: url, pages: pages, walk: walk)
        return
      }
      pages.reuse(cached.slice, key: conditional.key, on: decodeQueue)
      let step = walk.read(url, links: PageLinks(next: cached.next), pageCount: cached.pageCount)
      report(pages, walk: walk, before: step)
      if limit == nil {
        next(step, pages: pages, walk: walk)
      } else {
        nextWhenDecoded(step, pages: pages, walk: walk)
      }
    case .success(.modified(let page, let validators)):
      pagesChangedSinceContent = true
      let cache = pageCache
      let key = conditional.key
      let step = walk.read(url, links: page.links)
      let (next, pageCount) = (page.next, walk.pageCount)
      let revalidates = policies.revalidates
      // The next page is asked for once the page before this one is decoded (queued on the
      // decoding queue ahead of this page): the next page arrives while this one decodes, and
      // at most two page bodies wait for the decoder however fast the server answers. With a
      // limit, once this one is: its rows may reach the limit, and no page is read after.
      if limit == nil { nextWhenDecoded(step, pages: pages, walk: walk) }
      pages.decode(page, key: key, on: decodeQueue) { added in
        guard revalidates else { return }
        // The page is kept as the list's own page of it, shared: one copy of each repository.
        cache.store(
          CachedPage(slice: added, next: next, pageCount: pageCount), validators: validators,
          forKey: key)
      }
      if limit != nil { nextWhenDecoded(step, pages: pages, walk: walk) }
      report(pages, walk: walk, before: step)
    }
  }

  /// Reports the repositories so far once the pages queued are decoded, unless the load ended
  /// first or another began; after the last page, the load's end says it instead.
  private func report(_ pages: DecodedPages, walk: PageWalk, before step: PageWalk.Step) {
    guard case .next(let next) = step else { return }
    let generation = loadGeneration
    pages.snapshot(on: decodeQueue) { [weak self] repositories in
      guard let self, self.loadGeneration == generation, self.state.isLoading,
        !self.reachesLimit(repositories.count)
      else { return }
      // Each page read so far becomes a slice of the rows reported, as at the end of a load, so
      // that the partial content saved on the way out knows its pages.
      self.sliceCachedPages(pages, of: repositories)
      self.reportPartial(
        PartialContent(
          content: repositories,
          progress: self.countingPagesRead(
            walk.progress(itemCount: repositories.count),
            firstPage: repositories.pages.first?.count),
          resume: walk.resume(at: next)))
    }
  }

  /// Goes on after a page once the pages queued before it are decoded, unless another load
  /// began meanwhile.
  private func nextWhenDecoded(_ step: PageWalk.Step, pages: DecodedPages, walk: PageWalk) {
    let generation = loadGeneration
    decodeQueue.async { [weak self, walk] in
      DispatchQueue.main.async {
        guard let self, self.loadGeneration == generation else { return }
        self.next(step, pages: pages, walk: walk)
      }
    }
  }

  /// Goes on after a page: fetches the next one, or ends the load.
  private func next(_ step: PageWalk.Step, pages: DecodedPages, walk: PageWalk) {
    switch step {
    case .next where pages.firstError == nil && pages.firstEmptyPage != nil:
      // A page decoded held nothing and linked on: the list would not end.
      let error = GitHubError.paginationStopped(.emptyPage(page: pages.firstEmptyPage ?? 0))
      stop(error, before: nil, pages: pages, walk: walk)
    case .next(let url) where pages.firstError == nil && !reachesLimit(pages.count):
      fetch(
        RepositoriesPageEndpoint(login: login, kind: kind ?? .user, url: url, sanitizer: sanitizer),
        pages: pages, walk: walk)
    case .loop, .refused:
      let why = PaginationStop(step) ?? .linkLoop(page: walk.pagesRead)
      stop(GitHubError.paginationStopped(why), before: nil, pages: pages, walk: walk)
    case .next, .end, .cap:
      let cap: Int? = if case .cap(let cap) = step { cap } else { nil }
      let generation = loadGeneration
      pages.collect(on: decodeQueue) { [weak self] result in
        guard let self, self.loadGeneration == generation else { return }
        var progress = walk.progress(itemCount: pages.collected.count, stoppedAtCap: cap)
        if case .failure = result, progress.isComplete {
          // An unreadable page without links ended the walk as if it were the last: the pages
          // read are those kept, of the count the pages before said (if any).
          progress.pagesRead = pages.collected.pages.count
          progress.pageCount = self.pageProgress?.pageCount.flatMap {
            $0 > progress.pagesRead ? $0 : nil
          }
        }
        progress = self.countingPagesRead(
          progress, firstPage: pages.collected.pages.first?.count)
        let result = self.limited(result, after: step, progress: &progress)
        if case .success(let repositories) = result, !self.pagesChangedSinceContent,
          let content = self.state.content, self.limit == nil || content == repositories
        {
          self.lastPageCounts = pages.pageCounts
          self.finishPagesNotModified(progress: progress)
          return
        }
        self.finish(result, pages: pages, walk: walk, progress: progress)
      }
    }
  }

  /// Ends the load with `error` once the pages read are decoded, keeping them, and where to go
  /// on: `url`, the page that was not read (`nil` when going on cannot help).
  private func stop(_ error: Error, before url: URL?, pages: DecodedPages, walk: PageWalk) {
    let generation = loadGeneration
    pages.collect(on: decodeQueue) { [weak self] _ in
      guard let self, self.loadGeneration == generation else { return }
      let read = pages.collected
      let resume = url.flatMap { pages.firstError == nil ? walk.resume(at: $0) : nil }
      self.finish(
        .failure(error), pages: pages, walk: walk,
        progress: self.countingPagesRead(
          walk.progress(itemCount: read.count), firstPage: read.pages.first?.count),
        resume: resume)
    }
  }

  private func finish(
    _ result: Result<RepositoryList, Error>, pages: DecodedPages, walk: PageWalk,
    progress: PageProgress, resume: PageResume? = nil
  ) {
    lastPageCounts = pages.pageCounts
    // Each cached page becomes a slice of the list (after a failure, of what was decoded of
    // it): one copy of every repository, not two.
    let all = pages.collected
    sliceCachedPages(pages, of: all)
    switch result {
    case .success(let repositories):
      pagesChangedSinceContent = false
      finishPages(repositories, progress: progress)
    case .failure(let error):
      let partial =
        all.isEmpty ? nil : PartialContent(content: all, progress: progress, resume: resume)
      failPages(error, partial: partial)
    }
  }
}
