import ApexyHTTP
import Foundation

extension WebLoader {
  /// `url` as the loader's client sends it: a relative URL resolved by a `URLSessionClient`'s
  /// request adapter, so a ``PageResume`` lists its first page as it lists the others (the
  /// servers' `Link` URLs are absolute). Any other client's URL is kept as it is.
  func absolute(_ url: URL) -> URL {
    guard url.scheme == nil, let client = apiClient as? URLSessionClient,
      let resolved = try? client.requestAdapter.adapt(URLRequest(url: url)).url
    else { return url }
    return resolved
  }

  /// A load that does not go on from one stopped part-way has read no page yet: the partial
  /// content and the progress of the load before go, so observers told of `.loading` never
  /// see the earlier load's pages as this one's.
  func forgetPagesOfTheLoadBefore() {
    guard partialContent?.resume == nil else { return }
    partialContent = nil
    pageProgress = nil
  }

  /// Tells observers how far the load under way has read: its items so far and its pages.
  /// `state` is left alone: a reload keeps its earlier content as cache until the list is
  /// complete. Call it at most once a page.
  ///
  /// - Parameter partial: The items read so far and the progress.
  public func reportPartial(_ partial: PartialContent<Content>) {
    partialContent = partial
    pageProgress = partial.progress
    observers.notify()
  }

  /// Ends a paginated load that read its last page, or stopped at its cap: `.success(content)`;
  /// the partial content goes.
  ///
  /// - Parameters:
  ///   - content: Every item read.
  ///   - progress: The pages read, with the cap when the load stopped at it.
  public func finishPages(_ content: Content, progress: PageProgress) {
    partialContent = nil
    pageProgress = progress
    finishLoading(.success(content))
  }

  /// Ends a paginated load whose every page the server confirmed unchanged: the content is
  /// kept as it is (``finishNotModified()``); the partial content goes.
  ///
  /// - Parameter progress: The pages read.
  public func finishPagesNotModified(progress: PageProgress) {
    partialContent = nil
    pageProgress = progress
    finishNotModified()
  }

  /// Ends a paginated load that stopped part-way: `.failure(error)`, the cache being the content
  /// from before; `partial` stays for observers to show, and a new load goes on from its
  /// ``PartialContent/resume``.
  ///
  /// - Parameters:
  ///   - error: What stopped the load.
  ///   - partial: What it read, and where to go on; `nil` when it read nothing.
  public func failPages(_ error: Error, partial: PartialContent<Content>?) {
    if let partial {
      partialContent = partial
      pageProgress = partial.progress
    }
    finishLoading(.failure(error))
    savePartialContent()
  }

  /// Reads a list page by page along `Link: rel="next"`, one request at a time, and finishes
  /// loading with every item read.
  ///
  /// After each page, ``partialContent`` holds the items so far (each once, by `id`) and
  /// ``pageProgress`` how many pages of how many; observers are told once a page. A page that
  /// fails (after the policies' retries) ends the load in `.failure` with what was read kept in
  /// ``partialContent``: the next call goes on from the first page not read. At `pageCap`
  /// pages the load succeeds with what it read, ``PageProgress/stoppedAtCap`` saying so.
  ///
  /// - Parameters:
  ///   - firstPage: The list's first page.
  ///   - pageCap: The most pages to read.
  ///   - id: An item's identity: an item whose identity was read already (a list that shifted
  ///     between two pages lists it twice) is kept once.
  ///   - page: The endpoint of the page at a `Link` URL.
  public func requestPages<T: Endpoint, Item, ID: Hashable>(
    from firstPage: T, pageCap: Int = 100, id: @escaping (Item) -> ID,
    page: @escaping (URL) -> T
  ) where T.Content == LinkedPage<Item>, Content == [Item] {
    let firstURL = absolute((try? firstPage.makeRequest().url) ?? URL(fileURLWithPath: "/"))
    var run = PagesRun<Item, ID>(walk: PageWalk(firstPage: firstURL, pageCap: pageCap), id: id)
    var endpoint = firstPage
    var url = firstURL
    if let partial = partialContent, let resume = partial.resume,
      resume.firstPage == firstURL.absoluteString
    {
      run = PagesRun(walk: PageWalk(resuming: resume, pageCap: pageCap), id: id)
      run.add(partial.content)
      endpoint = page(resume.next)
      url = resume.next
    }
    readPage(endpoint, at: url, run: run, page: page)
  }

  private func readPage<T: Endpoint, Item, ID: Hashable>(
    _ endpoint: T, at url: URL, run: PagesRun<Item, ID>, page: @escaping (URL) -> T
  ) where T.Content == LinkedPage<Item>, Content == [Item] {
    send(endpoint) { loader, result in
      var run = run
      switch result {
      case .failure(let error):
        let partial =
          run.walk.pagesRead == 0
          ? nil
          : PartialContent(
            content: run.items, progress: run.progress(), resume: run.walk.resume(at: url))
        loader.failPages(error, partial: partial)
      case .success(let linked):
        run.add(linked.items)
        switch run.walk.read(url, links: linked.links) {
        case .next(let next):
          loader.reportPartial(
            PartialContent(
              content: run.items, progress: run.progress(), resume: run.walk.resume(at: next)))
          loader.readPage(page(next), at: next, run: run, page: page)
        case .end:
          loader.finishPages(run.items, progress: run.progress())
        case .cap(let cap):
          loader.finishPages(run.items, progress: run.progress(stoppedAtCap: cap))
        case .loop(let pageNumber):
          let partial = PartialContent(content: run.items, progress: run.progress())
          loader.failPages(PageLoopError(page: pageNumber), partial: partial)
        case .refused(let pageNumber, let link):
          let partial = PartialContent(content: run.items, progress: run.progress())
          loader.failPages(PageLinkRefusedError(page: pageNumber, link: link), partial: partial)
        }
      }
    }
  }
}

/// The items of a paginated load so far, each once, and its walk.
private struct PagesRun<Item, ID: Hashable> {
  var walk: PageWalk
  let id: (Item) -> ID
  private(set) var items: [Item] = []
  private var seen: Set<ID> = []

  init(walk: PageWalk, id: @escaping (Item) -> ID) {
    self.walk = walk
    self.id = id
  }

  mutating func add(_ page: [Item]) {
    for item in page where seen.insert(id(item)).inserted { items.append(item) }
  }

  func progress(stoppedAtCap: Int? = nil) -> PageProgress {
    walk.progress(itemCount: items.count, stoppedAtCap: stoppedAtCap)
  }
}

/// A page linked back to a page already read: following it would never end.
public struct PageLoopError: LocalizedError, Equatable {
  /// The page (1-based) whose `Link: rel="next"` pointed back.
  public let page: Int

  /// Creates the error.
  ///
  /// - Parameter page: The page whose next link pointed back.
  public init(page: Int) {
    self.page = page
  }

  /// "Page 3 links back to a page already read."
  public var errorDescription: String? { "Page \(page) links back to a page already read." }
}

/// A page linked to a next page the walk does not follow: not `http` or `https` (`file:`),
/// or on another origin than the page's.
public struct PageLinkRefusedError: LocalizedError, Equatable {
  /// The page (1-based) whose `Link: rel="next"` was refused.
  public let page: Int
  /// The link, as the server sent it.
  public let link: URL

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - page: The page whose next link was refused.
  ///   - link: The link.
  public init(page: Int, link: URL) {
    self.page = page
    self.link = link
  }

  /// "Page 2 links to file:///etc/passwd, not http or https on its own origin; not followed."
  public var errorDescription: String? {
    "Page \(page) links to \(String(link.absoluteString.prefix(100))), not http or https on "
      + "its own origin; not followed."
  }
}
