/// Why the repositories loader stopped following `Link: rel="next"` before the last page with
/// an error. (Reaching the page cap is not one: the load succeeds with the pages read, and its
/// `pageProgress` says where it stopped.)
public enum PaginationStop: Sendable, Equatable {
  /// This page (1-based) linked back to a page already fetched.
  case linkLoop(page: Int)
  /// This page (1-based) held no repositories, yet linked to another: a list that never ends
  /// (every page after it empty too) would be followed to the cap, each page a request.
  case emptyPage(page: Int)

  /// What happened, as part of a sentence: `page 3 links back to a page already fetched`.
  public var description: String {
    switch self {
    case .linkLoop(let page): return "page \(page) links back to a page already fetched"
    case .emptyPage(let page):
      return "page \(page) was empty but linked to another, so the list would not end"
    }
  }
}
