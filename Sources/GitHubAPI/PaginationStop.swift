/// Why the repositories loader stopped following `Link: rel="next"` before the last page.
public enum PaginationStop: Sendable, Equatable {
  /// The cap of this many pages was reached and the last of them linked to one more.
  case pageCap(Int)
  /// This page (1-based) linked back to a page already fetched.
  case linkLoop(page: Int)

  /// What happened, as part of a sentence: `the cap of 100 pages was reached`.
  public var description: String {
    switch self {
    case .pageCap(let cap): return "the cap of \(cap) pages was reached"
    case .linkLoop(let page): return "page \(page) links back to a page already fetched"
    }
  }
}
