/// An owner's repositories, held as the pages they were read in: a list that grows a page at a
/// time, whose copies share every page.
///
/// A load under way reports the list after each page; a report is a copy of the page list (a
/// reference per page), never of the repositories, so the work for a page is the page's, however
/// long the list already is. The page cache holds the same pages.
public struct RepositoryList: RandomAccessCollection, RangeReplaceableCollection, Sendable,
  Equatable, ExpressibleByArrayLiteral, CustomStringConvertible
{
  /// The pages, in order; each may share its storage with the page cache and other lists.
  public private(set) var pages: [ArraySlice<Repository>] = []
  /// Where each page ends in the list: `ends[i]` is the number of repositories on pages
  /// `0...i`.
  private var ends: [Int] = []

  /// An empty list.
  public init() {}

  /// A list of one page holding `repositories` (none when there are none); another list's
  /// pages are shared, not copied.
  ///
  /// - Parameter repositories: The repositories, in order.
  public init<S: Sequence>(_ repositories: S) where S.Element == Repository {
    if let list = repositories as? RepositoryList {
      self = list
      return
    }
    append(contentsOf: repositories)
  }

  /// A list of one page holding `elements` (none when there are none).
  ///
  /// - Parameter elements: The repositories, in order.
  public init(arrayLiteral elements: Repository...) {
    append(contentsOf: elements)
  }

  /// A list made of `pages`, in order, sharing their storage.
  ///
  /// - Parameter pages: The pages.
  public init<S: Sequence>(pages: S) where S.Element == ArraySlice<Repository> {
    for page in pages { appendPage(page) }
  }

  /// The position of the first repository: 0.
  public var startIndex: Int { 0 }
  /// One past the last repository's position: the number of repositories.
  public var endIndex: Int { ends.last ?? 0 }

  /// The repository at `position`.
  ///
  /// - Parameter position: A position in the list, below ``endIndex``.
  /// - Returns: The repository there, found in its page by a binary search of the page ends.
  public subscript(position: Int) -> Repository {
    precondition(position >= 0 && position < endIndex, "RepositoryList index out of range")
    let page = pageIndex(of: position)
    let start = page == 0 ? 0 : ends[page - 1]
    let slice = pages[page]
    return slice[slice.startIndex + position - start]
  }

  /// Adds `page` at the end, sharing its storage: the work is the page's, not the list's.
  ///
  /// - Parameter page: The repositories of the page, in order (it may be empty).
  public mutating func appendPage(_ page: ArraySlice<Repository>) {
    pages.append(page)
    ends.append(endIndex + page.count)
  }

  /// Adds `newElements` at the end as a page of their own (none when there are none).
  ///
  /// - Parameter newElements: The repositories to add, in order.
  public mutating func append<S: Sequence>(contentsOf newElements: S)
  where S.Element == Repository {
    let page = Array(newElements)
    if !page.isEmpty { appendPage(page[...]) }
  }

  /// Adds `newElement` at the end of the last page.
  ///
  /// - Parameter newElement: The repository to add.
  public mutating func append(_ newElement: Repository) {
    guard !pages.isEmpty else { return appendPage([newElement]) }
    pages[pages.count - 1].append(newElement)
    ends[ends.count - 1] += 1
  }

  /// Replaces the repositories in `subrange` with `newElements`: at the end, a page of them;
  /// anywhere else, the list becomes one page.
  ///
  /// - Parameters:
  ///   - subrange: The positions replaced.
  ///   - newElements: What goes there.
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Repository {
    if subrange.isEmpty, subrange.lowerBound == endIndex { return append(contentsOf: newElements) }
    var all = Array(self)
    all.replaceSubrange(subrange, with: newElements)
    self = RepositoryList(all)
  }

  /// The first `count` repositories (all of them when there are fewer), sharing the pages.
  ///
  /// - Parameter count: How many to keep.
  /// - Returns: The list cut after `count`; the page it is cut in becomes a slice of itself.
  public func truncated(to count: Int) -> RepositoryList {
    guard count < endIndex else { return self }
    var cut = RepositoryList()
    for page in pages where cut.endIndex < count {
      cut.appendPage(page.prefix(count - cut.endIndex))
    }
    return cut
  }

  /// Where in the list each page is, in order.
  public var pageRanges: [Range<Int>] {
    ends.indices.map { (($0 == 0 ? 0 : ends[$0 - 1])..<ends[$0]) }
  }

  /// How many pages, from the first, this list shares with `other`: the same storage, not only
  /// equal repositories.
  ///
  /// - Parameter other: Another list, such as this one before its last pages were read.
  /// - Returns: The number of leading pages both hold.
  public func sharedPages(with other: RepositoryList) -> Int {
    zip(pages, other.pages).prefix { mine, theirs in
      mine.count == theirs.count
        && mine.withUnsafeBufferPointer { a in
          theirs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
    }.count
  }

  /// Walks the pages in order.
  ///
  /// - Returns: An iterator over the repositories, page after page.
  public func makeIterator() -> Iterator {
    Iterator(pages: pages.makeIterator())
  }

  /// The list as an array literal shows it.
  public var description: String { Array(self).description }

  /// Two lists are equal when they hold equal repositories in the same order, however they are
  /// paged; lists that share their pages are told equal without comparing the repositories.
  ///
  /// - Parameters:
  ///   - lhs: A list.
  ///   - rhs: Another list.
  /// - Returns: Whether both hold equal repositories in the same order.
  public static func == (lhs: RepositoryList, rhs: RepositoryList) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.ends == rhs.ends {
      // `ArraySlice`'s `==` tells slices of the same storage equal at once.
      return zip(lhs.pages, rhs.pages).allSatisfy { $0 == $1 }
    }
    return lhs.elementsEqual(rhs)
  }

  /// The page `position` is on: the first whose end is past it.
  private func pageIndex(of position: Int) -> Int {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > position { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Walks a list's repositories, page after page.
  public struct Iterator: IteratorProtocol {
    var pages: IndexingIterator<[ArraySlice<Repository>]>
    var page = ArraySlice<Repository>().makeIterator()

    /// The next repository, `nil` after the last.
    ///
    /// - Returns: The repository, or `nil` once every page is walked.
    public mutating func next() -> Repository? {
      while true {
        if let repository = page.next() { return repository }
        guard let slice = pages.next() else { return nil }
        page = slice.makeIterator()
      }
    }
  }
}
