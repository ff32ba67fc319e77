import Foundation

/// A page of repositories as decoded last time, kept so a `304 Not Modified` can reuse it.
public struct CachedPage: Sendable {
  /// The repositories on the page, decoded and cleaned.
  public var repositories: [Repository]
  /// The next page's URL, `nil` on the last page.
  public var next: URL?

  /// Creates a value from its parts.
  public init(repositories: [Repository], next: URL?) {
    self.repositories = repositories
    self.next = next
  }
}

/// How the pages of the latest load were obtained.
public struct PageCounts: Sendable, Equatable {
  /// Pages whose body arrived and was decoded.
  public var decoded: Int
  /// Pages the server confirmed unchanged (`304`), reused without decoding.
  public var reused: Int

  /// Creates a value from its parts.
  public init(decoded: Int = 0, reused: Int = 0) {
    self.decoded = decoded
    self.reused = reused
  }
}
