import Foundation

/// A page of repositories as decoded last time, kept so a `304 Not Modified` can reuse it.
///
/// Once a load has put the pages together, each page is a slice of the loader's content, so
/// the page cache holds no second copy of the repositories.
public struct CachedPage: Sendable {
  /// The repositories on the page, decoded and cleaned; may share storage with other pages.
  public var slice: ArraySlice<Repository>
  /// The next page's URL, `nil` on the last page.
  public var next: URL?
  /// How many pages the list had when this page was read (its `Link: rel="last"`), when said.
  public var pageCount: Int?

  /// The repositories on the page, as an array of their own.
  public var repositories: [Repository] {
    get { Array(slice) }
    set { slice = newValue[...] }
  }

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - repositories: The repositories on the page.
  ///   - next: The next page's URL; `nil` on the last.
  ///   - pageCount: The page count the page's `Link` header gave, when it gave one.
  public init(repositories: [Repository], next: URL?, pageCount: Int? = nil) {
    self.slice = repositories[...]
    self.next = next
    self.pageCount = pageCount
  }

  /// A page that is `slice` of a larger list (its storage is shared, not copied).
  ///
  /// - Parameters:
  ///   - slice: The repositories on the page, a slice of a larger list.
  ///   - next: The next page's URL; `nil` on the last.
  ///   - pageCount: The page count the page's `Link` header gave, when it gave one.
  public init(slice: ArraySlice<Repository>, next: URL?, pageCount: Int? = nil) {
    self.slice = slice
    self.next = next
    self.pageCount = pageCount
  }
}

/// How the pages of the latest load were obtained.
public struct PageCounts: Sendable, Equatable {
  /// Pages whose body arrived and was decoded.
  public var decoded: Int
  /// Pages the server confirmed unchanged (`304`), reused without decoding.
  public var reused: Int

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - decoded: Pages whose body arrived and was decoded.
  ///   - reused: Pages answered `304` and reused.
  public init(decoded: Int = 0, reused: Int = 0) {
    self.decoded = decoded
    self.reused = reused
  }
}
