import Foundation

/// How far a load that reads a list page by page has got.
public struct PageProgress: Sendable, Equatable {
  /// The pages read so far, each once (a resumed load counts the pages read before it).
  public var pagesRead: Int
  /// How many pages the list has, from the newest page's `Link: rel="last"` (or the pages
  /// read, once the last one was); `nil` while the server has not said.
  public var pageCount: Int?
  /// The items read so far, each once.
  public var itemCount: Int
  /// The page cap the load stopped at with more pages left, as `gh repo list --limit` stops;
  /// `nil` when it did not.
  public var stoppedAtCap: Int?
  /// The item limit the load stopped at, its list cut to that many while the list has more;
  /// `nil` when it did not.
  public var stoppedAtLimit: Int?

  /// Creates progress from its parts.
  ///
  /// - Parameters:
  ///   - pagesRead: The pages read so far.
  ///   - pageCount: How many pages the list has, when known.
  ///   - itemCount: The items read so far.
  ///   - stoppedAtCap: The cap the load stopped at, if it did.
  ///   - stoppedAtLimit: The item limit the load stopped at, if it did.
  public init(
    pagesRead: Int, pageCount: Int? = nil, itemCount: Int, stoppedAtCap: Int? = nil,
    stoppedAtLimit: Int? = nil
  ) {
    self.pagesRead = pagesRead
    self.pageCount = pageCount
    self.itemCount = itemCount
    self.stoppedAtCap = stoppedAtCap
    self.stoppedAtLimit = stoppedAtLimit
  }

  /// The pages not read yet, when the page count is known.
  public var pagesLeft: Int? { pageCount.map { max(0, $0 - pagesRead) } }

  /// Whether every page of the list was read.
  public var isComplete: Bool {
    pageCount == pagesRead && stoppedAtCap == nil && stoppedAtLimit == nil
  }

  /// Whether the load ended early at its page cap or item limit, with what it read.
  public var stoppedEarly: Bool { stoppedAtCap != nil || stoppedAtLimit != nil }
}

/// Where a paginated load that stopped part-way goes on: the first page it did not read.
public struct PageResume: Sendable, Equatable {
  /// The URL of the list's first page, absolute as the client sends it (`requestPages` resolves
  /// a relative endpoint URL with a `URLSessionClient`'s request adapter): a load of another
  /// list does not resume this one.
  public var firstPage: String
  /// The first page not read.
  public var next: URL
  /// The URLs of the pages read, in order, absolute like ``firstPage``, so a resumed load still
  /// notices a link back.
  public var visited: [String]
  /// How many pages the list has, when the server said.
  public var pageCount: Int?

  /// Creates a resume point from its parts.
  ///
  /// - Parameters:
  ///   - firstPage: The URL of the list's first page.
  ///   - next: The first page not read.
  ///   - visited: The URLs of the pages read, in order.
  ///   - pageCount: How many pages the list has, when known.
  public init(firstPage: String, next: URL, visited: [String], pageCount: Int? = nil) {
    self.firstPage = firstPage
    self.next = next
    self.visited = visited
    self.pageCount = pageCount
  }
}

/// What a paginated load has read before it completed: the items so far, how far it got, and
/// where a load that stops there goes on.
///
/// It is a facet of the loader beside its state (``WebLoader/partialContent``), told to
/// observers as a retry status is: `LoadingState`'s cache stays the content from before.
public struct PartialContent<Content> {
  /// The items read so far, each once, in the order the pages listed them.
  public var content: Content
  /// How far the load got.
  public var progress: PageProgress
  /// Where a new load goes on when this one stops here: the first page not read; `nil` when
  /// going on cannot help (a page linked back to one already read).
  public var resume: PageResume?

  /// Creates partial content from its parts.
  ///
  /// - Parameters:
  ///   - content: The items read so far.
  ///   - progress: How far the load got.
  ///   - resume: Where a new load goes on when this one stops here.
  public init(content: Content, progress: PageProgress, resume: PageResume? = nil) {
    self.content = content
    self.progress = progress
    self.resume = resume
  }
}

extension PartialContent: Sendable where Content: Sendable {}
extension PartialContent: Equatable where Content: Equatable {}
