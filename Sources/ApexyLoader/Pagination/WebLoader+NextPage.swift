import ApexyHTTP
import Foundation

/// Where a list read a page at a time is: the walk so far, the next page, the items' identities.
struct PageCursor {
  var walk: PageWalk
  /// The page the next call reads; `nil` once a page linked to none (or the cap or a loop
  /// ended the walk).
  var next: URL?
  var seen: Set<AnyHashable> = []
}

extension WebLoader {
  /// Whether ``requestNextPage(from:pageCap:id:page:)`` has a page to read: before the first
  /// page, and while the last page read linked to a next one (and the cap is not reached), as
  /// TanStack Query's `hasNextPage`.
  public var hasNextPage: Bool { pageCursor.map { $0.next != nil } ?? true }

  /// Reads one more page of a list along `Link: rel="next"`, for a list that loads as it
  /// scrolls, or a client with few requests to spend: the first page on the first call, then
  /// the page after the last one read on each call, as TanStack Query's `fetchNextPage`.
  ///
  /// The state goes `.loading(cache:)` with what was read, then `.success` with every item read
  /// so far (each once, by `id`); ``pageProgress`` says how many pages of how many. A page that
  /// fails ends in `.failure` with the items read as cache, and the next call reads that page
  /// again. Does nothing while loading, or when ``hasNextPage`` is false. At `pageCap` pages,
  /// or at a link back to a page read (which fails with ``PageLoopError``), there is no next
  /// page. ``resetPages()`` starts over.
  ///
  /// The content is any collection of the items that can grow: an array, or a list kept in
  /// pages, whose `append(contentsOf:)` is handed each page's new items at once.
  ///
  /// - Parameters:
  ///   - firstPage: The list's first page.
  ///   - pageCap: The most pages to read.
  ///   - id: An item's identity: an item read already is kept once.
  ///   - page: The endpoint of the page at a `Link` URL.
  public func requestNextPage<T: Endpoint, Item, ID: Hashable>(
    from firstPage: T, pageCap: Int = 100, id: @escaping (Item) -> ID,
    page: @escaping (URL) -> T
  ) where T.Content == LinkedPage<Item>, Content: RangeReplaceableCollection<Item> {
    guard hasNextPage, !state.isLoading else { return }
    let cursor: PageCursor
    let endpoint: T
    if let existing = pageCursor, let next = existing.next {
      cursor = existing
      endpoint = page(next)
    } else {
      let first = absolute((try? firstPage.makeRequest().url) ?? URL(fileURLWithPath: "/"))
      cursor = PageCursor(walk: PageWalk(firstPage: first, pageCap: pageCap), next: first)
      endpoint = firstPage
    }
    guard let url = cursor.next, startLoading() else { return }
    pageCursor = cursor
    send(endpoint) { loader, result in
      switch result {
      case .failure(let error):
        loader.finishLoading(.failure(error))
      case .success(let linked):
        loader.readNext(linked, at: url, id: id)
      }
    }
  }

  /// Forgets the pages read by ``requestNextPage(from:pageCap:id:page:)``: the next call reads
  /// the first page again, and its success replaces the content. The state is left alone.
  public func resetPages() {
    pageCursor = nil
  }

  private func readNext<Item, ID: Hashable>(
    _ linked: LinkedPage<Item>, at url: URL, id: (Item) -> ID
  ) where Content: RangeReplaceableCollection<Item> {
    guard var cursor = pageCursor else { return }
    var items = cursor.walk.pagesRead == 0 ? Content() : (state.content ?? Content())
    // The page's new items are added at once: a content kept as pages adds them as one.
    items.append(
      contentsOf: linked.items.filter { cursor.seen.insert(AnyHashable(id($0))).inserted })
    var stoppedAtCap: Int?
    var loop: Int?
    var refused: PageLinkRefusedError?
    switch cursor.walk.read(url, links: linked.links) {
    case .next(let next): cursor.next = next
    case .end: cursor.next = nil
    case .cap(let cap):
      cursor.next = nil
      stoppedAtCap = cap
    case .loop(let page):
      cursor.next = nil
      loop = page
    case .refused(let page, let link):
      cursor.next = nil
      refused = PageLinkRefusedError(page: page, link: link)
    }
    pageCursor = cursor
    pageProgress = cursor.walk.progress(itemCount: items.count, stoppedAtCap: stoppedAtCap)
    if let loop {
      state = .failure(error: PageLoopError(page: loop), cache: items)
    } else if let refused {
      state = .failure(error: refused, cache: items)
    } else {
      finishLoading(.success(items))
    }
  }
}
