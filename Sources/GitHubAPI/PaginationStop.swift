/// Why the repositories loader stopped following `Link: rel="next"` before the last page with
/// an error. (Reaching the page cap is not one: the load succeeds with the pages read, and its
/// `pageProgress` says where it stopped.)
public enum PaginationStop: Sendable, Equatable {
  /// This page (1-based) linked back to a page already fetched.
  case linkLoop(page: Int)

  /// What happened, as part of a sentence: `page 3 links back to a page already fetched`.
  public var description: String {
    switch self {
    case .linkLoop(let page): return "page \(page) links back to a page already fetched"
    }
  }
}
