import ApexyLoader
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A page of repositories, not yet decoded, and its links: the next page and the last.
public struct RepositoriesPage: Sendable, Equatable {
  /// The JSON body.
  public var body: Data
  /// The links of its `Link` header.
  public var links: PageLinks

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - body: The page's JSON.
  ///   - links: Its `Link` header's pages.
  public init(body: Data, links: PageLinks) {
    self.body = body
    self.links = links
  }

  /// Creates a page whose only link is `next`.
  ///
  /// - Parameters:
  ///   - body: The page's JSON.
  ///   - next: The next page's URL; `nil` on the last.
  public init(body: Data, next: URL? = nil) {
    self.init(body: body, links: PageLinks(next: next))
  }

  /// The next page's URL, `nil` on the last page.
  public var next: URL? { links.next }

  /// The repositories on this page, their text cleaned with `sanitizer`: read by
  /// `RepositoryListReader` when it takes the page, else by `JSONDecoder` (and its errors).
  ///
  /// - Parameter sanitizer: Cleans the text.
  /// - Returns: The repositories.
  /// - Throws: `GitHubError.unreadable` when the body is not a list of repositories.
  public func repositories(sanitizer: TextSanitizer) throws -> [Repository] {
    if let repositories = RepositoryListReader.read(body, sanitizer: sanitizer) {
      return repositories
    }
    return try GitHubJSON.decodeElements(Repository.self, from: body, sanitizer: sanitizer)
  }
}
