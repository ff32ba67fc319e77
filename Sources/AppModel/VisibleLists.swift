import GitHubAPI

/// The lists each pane shows, derived from the loaders, the filter and the sort, and kept so
/// that no frame filters or sorts again. Two states with the same loaders, filter and sort
/// derive the same lists, so they are not compared (a test states the inputs it expects).
struct VisibleLists: Sendable, Equatable {
  var fetch = VisibleList()
  var result = VisibleList()

  static func == (lhs: VisibleLists, rhs: VisibleLists) -> Bool { true }
}

/// One pane's list: the loader's repositories after the filter and the sort, and what it was
/// made from, so that a page read filters that page alone.
struct VisibleList: Sendable {
  /// The repositories the pane lists.
  private(set) var shown = RepositoryList()
  /// Whether one of them has a description (the rows then take two lines where there is room).
  var hasDescriptions: Bool { firstDescribedPage != nil }
  /// The first page of `shown` with a description on it.
  private var firstDescribedPage: Int?
  /// The loader's list `shown` was made from, and the filter: while the list is as listed,
  /// `shown` has a page for each of its pages.
  private var source = RepositoryList()
  private var filter = ""

  /// Lists `all` kept by `filter`, in `sort`'s order (reversed when `reversed`). In the
  /// server's order, the pages `all` shares with the list before are not filtered again, nor
  /// looked through for a description: a page read costs that page.
  mutating func update(_ all: RepositoryList, filter: String, sort: SortOrder, reversed: Bool) {
    guard sort == .listed, !reversed else {
      var kept = filter.isEmpty ? Array(all) : all.filter { ListFilter.matches($0, filter) }
      kept = sort.sorted(kept)
      if reversed { kept.reverse() }
      shown = RepositoryList(kept)
      firstDescribedPage = shown.contains { $0.description != nil } ? 0 : nil
      // Sorted, the pages are not the source's: the next list is made whole.
      source = RepositoryList()
      return
    }
    let shared = filter == self.filter ? all.sharedPages(with: source) : 0
    var kept = RepositoryList(pages: shown.pages.prefix(shared))
    firstDescribedPage = firstDescribedPage.flatMap { $0 < shared ? $0 : nil }
    for page in all.pages.dropFirst(shared) {
      let page = filter.isEmpty ? page : ArraySlice(page.filter { ListFilter.matches($0, filter) })
      if firstDescribedPage == nil, page.contains(where: { $0.description != nil }) {
        firstDescribedPage = kept.pages.count
      }
      kept.appendPage(page)
    }
    shown = kept
    source = all
    self.filter = filter
  }
}
