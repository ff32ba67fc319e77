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
  /// The loader's list `shown` was made from, and the filter and order it was made with: a
  /// list that goes on from it lists only its new pages.
  private var source = RepositoryList()
  private var filter = ""
  private var sort = SortOrder.listed
  private var reversed = false

  /// Lists `all` kept by `filter`, in `sort`'s order (reversed when `reversed`). The pages `all`
  /// shares with the list before are not filtered again, nor looked through for a description:
  /// in the server's order a page read costs that page, sorted it is sorted alone and merged in.
  mutating func update(_ all: RepositoryList, filter: String, sort: SortOrder, reversed: Bool) {
    let same = filter == self.filter && sort == self.sort && reversed == self.reversed
    let shared = same ? all.sharedPages(with: source) : 0
    defer { (source, self.filter, self.sort, self.reversed) = (all, filter, sort, reversed) }
    guard sort == .listed, !reversed else {
      // Sorted, `shown` holds every page of `source` in one: it goes on only from all of them.
      let goesOn = shared > 0 && shared == source.pages.count
      if goesOn, shared == all.pages.count { return }
      let added = kept(all.pages.dropFirst(goesOn ? shared : 0), filter: filter)
      var ordered = sort.sorted(added)
      if reversed { ordered.reverse() }
      if goesOn {
        ordered = sort.merged(shown.pages.first ?? [], ordered, reversed: reversed)
      } else {
        firstDescribedPage = nil
      }
      if firstDescribedPage == nil, added.contains(where: { $0.description != nil }) {
        firstDescribedPage = 0
      }
      shown = RepositoryList(ordered)
      return
    }
    var kept = RepositoryList(pages: shown.pages.prefix(shared))
    firstDescribedPage = firstDescribedPage.flatMap { $0 < shared ? $0 : nil }
    for page in all.pages.dropFirst(shared) {
      let page = self.kept(page, filter: filter)
      if firstDescribedPage == nil, page.contains(where: { $0.description != nil }) {
        firstDescribedPage = kept.pages.count
      }
      kept.appendPage(page)
    }
    shown = kept
  }

  /// The repositories of `pages` that `filter` keeps, in the server's order.
  private func kept(_ pages: ArraySlice<ArraySlice<Repository>>, filter: String) -> [Repository] {
    pages.flatMap { kept($0, filter: filter) }
  }

  /// The repositories of `page` that `filter` keeps: the page itself when there is no filter.
  private func kept(_ page: ArraySlice<Repository>, filter: String) -> ArraySlice<Repository> {
    filter.isEmpty ? page : ArraySlice(page.filter { ListFilter.matches($0, filter) })
  }
}
