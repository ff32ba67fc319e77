import ApexyLoader

/// Why the repositories loader stopped following `Link: rel="next"` before the last page with
/// an error. (Reaching the page cap is not one: the load succeeds with the pages read, and its
/// `pageProgress` says where it stopped.)
public enum PaginationStop: Sendable, Equatable {
  /// This page (1-based) linked back to a page already fetched.
  case linkLoop(page: Int)
  /// This page (1-based) held no repositories, yet linked to another: a list that never ends
  /// (every page after it empty too) would be followed to the cap, each page a request.
  case emptyPage(page: Int)
  /// This page (1-based) linked to a next page not followed: not `http` or `https` (`file:`),
  /// or on another origin than the API's.
  case refusedLink(page: Int, link: String)

  /// What happened, as part of a sentence: `page 3 links back to a page already fetched`.
  public var description: String {
    switch self {
    case .linkLoop(let page): return "page \(page) links back to a page already fetched"
    case .emptyPage(let page):
      return "page \(page) was empty but linked to another, so the list would not end"
    case .refusedLink(let page, let link):
      return "page \(page) links to \(link.prefix(100)), not http or https on the API's own "
        + "origin, so it was not followed"
    }
  }
}

extension PaginationStop {
  /// The stop a walk's step says: a link back or a link not followed; `nil` for the others.
  init?(_ step: PageWalk.Step) {
    switch step {
    case .loop(let page): self = .linkLoop(page: page)
    case .refused(let page, let link): self = .refusedLink(page: page, link: link.absoluteString)
    case .next, .end, .cap: return nil
    }
  }
}
