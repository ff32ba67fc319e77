import Foundation

/// The bookkeeping of one walk along a list's `Link: rel="next"`: the pages read, how many the
/// server says there are, the cap, and a link back to a page already read.
///
/// A link goes back when it names a page read, by URL or by its `page` number: the first page
/// is asked for as the loader spells it (often relative, `orgs/x/repos?page=1`) and linked to
/// as the server spells it (`https://api.github.com/organizations/7/repos?page=1`). Only
/// numbers the URLs give are compared (an API may count its pages from 0): ask for the first
/// page with its number for a link back to it to be noticed at once.
public struct PageWalk: Sendable, Equatable {
  /// What comes after a page.
  public enum Step: Sendable, Equatable {
    /// Read this page next.
    case next(URL)
    /// That was the last page.
    case end
    /// The cap of this many pages is reached and the page linked to another: stop, with what
    /// was read, as a limit and not a failure.
    case cap(Int)
    /// The page (1-based) linked back to a page already read: stop with an error.
    case loop(page: Int)
    /// The page (1-based) linked to a URL the walk does not follow: not `http` or `https`
    /// (`file:`, say), or of another origin than the page's: stop with an error.
    case refused(page: Int, link: URL)
  }

  /// The URL of the list's first page.
  public let firstPage: String
  /// The most pages the walk reads.
  public let pageCap: Int
  /// The URLs of the pages read, in order.
  public private(set) var visited: [String]
  /// How many pages the list has, once the server said.
  public private(set) var pageCount: Int?
  private var seen: Set<String>
  /// The `page` numbers of the pages read.
  private var numbers: Set<Int>

  /// A walk from `firstPage`, reading at most `pageCap` pages.
  ///
  /// - Parameters:
  ///   - firstPage: The list's first page, as the loader asks for it.
  ///   - pageCap: The most pages to read (at least 1).
  public init(firstPage: URL, pageCap: Int) {
    self.firstPage = firstPage.absoluteString
    self.pageCap = max(1, pageCap)
    visited = []
    seen = []
    numbers = []
  }

  /// The walk that `resume` left, going on at its first page not read.
  ///
  /// - Parameters:
  ///   - resume: Where a load stopped part-way.
  ///   - pageCap: The most pages to read, the pages read before included.
  public init(resuming resume: PageResume, pageCap: Int) {
    firstPage = resume.firstPage
    self.pageCap = max(1, pageCap)
    visited = resume.visited
    seen = Set(resume.visited)
    numbers = []
    pageCount = resume.pageCount
    for page in resume.visited {
      if let number = URL(string: page).flatMap(PageLinks.pageNumber) { numbers.insert(number) }
    }
  }

  /// The pages read so far.
  public var pagesRead: Int { visited.count }

  /// Records that the page at `url` was read with `links`, and says what comes after it.
  ///
  /// - Parameters:
  ///   - url: The page's URL.
  ///   - links: The links of its `Link` header.
  ///   - pageCount: How many pages the list has where `links` do not say (a page kept from an
  ///     earlier load knows); `nil` for none.
  /// - Returns: The next page to read, or why the walk ends.
  public mutating func read(_ url: URL, links: PageLinks, pageCount: Int? = nil) -> Step {
    if seen.insert(url.absoluteString).inserted { visited.append(url.absoluteString) }
    if let number = PageLinks.pageNumber(url) { numbers.insert(number) }
    if let last = links.lastPageNumber ?? pageCount { self.pageCount = last }
    guard let next = links.next else {
      self.pageCount = pagesRead
      return .end
    }
    if !Self.follows(next, from: url) { return .refused(page: pagesRead, link: next) }
    let nextNumber = PageLinks.pageNumber(next)
    if seen.contains(next.absoluteString) || nextNumber.map(numbers.contains) == true {
      return .loop(page: pagesRead)
    }
    if pagesRead >= pageCap { return .cap(pageCap) }
    return .next(next)
  }

  /// Whether a walk goes on from the page at `url` to `next`: an `http` or `https` link, on
  /// the page's origin when the page's URL names one. The server's links are untrusted: a
  /// `file:` URL or another host is not asked for.
  static func follows(_ next: URL, from url: URL) -> Bool {
    guard let scheme = next.scheme?.lowercased() else {
      // A reference relative to the page (`pages?page=2`, `/orgs/x/repos?page=2`) is resolved
      // on the page's origin, as its request is; one that names a host (`//other.test/`) is not.
      return next.host == nil
    }
    guard scheme == "http" || scheme == "https" else { return false }
    return url.host == nil || next.hasSameOrigin(as: url)
  }

  /// How far the walk got, with `itemCount` items read.
  ///
  /// - Parameters:
  ///   - itemCount: The items read so far.
  ///   - stoppedAtCap: The cap the walk stopped at, if it did.
  /// - Returns: The progress to report.
  public func progress(itemCount: Int, stoppedAtCap: Int? = nil) -> PageProgress {
    PageProgress(
      pagesRead: pagesRead, pageCount: pageCount, itemCount: itemCount,
      stoppedAtCap: stoppedAtCap)
  }

  /// Where a new load goes on when this walk stops before reading `next`.
  ///
  /// - Parameter next: The first page not read.
  /// - Returns: The resume point.
  public func resume(at next: URL) -> PageResume {
    PageResume(firstPage: firstPage, next: next, visited: visited, pageCount: pageCount)
  }
}
