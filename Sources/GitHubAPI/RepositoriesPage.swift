import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A page of repositories, not yet decoded, and where the next one is.
public struct RepositoriesPage: Sendable, Equatable {
  /// The JSON body.
  public var body: Data
  /// The next page's URL, `nil` on the last page.
  public var next: URL?

  /// Creates a value from its parts.
  public init(body: Data, next: URL? = nil) {
    self.body = body
    self.next = next
  }

  /// The repositories on this page, their text cleaned with `sanitizer`: read by
  /// `RepositoryListReader` when it takes the page, else by `JSONDecoder` (and its errors).
  public func repositories(sanitizer: TextSanitizer) throws -> [Repository] {
    if let repositories = RepositoryListReader.read(body, sanitizer: sanitizer) {
      return repositories
    }
    return try GitHubJSON.decodeElements(Repository.self, from: body, sanitizer: sanitizer)
  }
}
