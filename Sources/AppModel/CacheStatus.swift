import Foundation

/// What the status bar says about the cache: when the content each loader restored from it was
/// last confirmed (until the server confirms it again), and the store's problem, if any.
public struct CacheStatus: Sendable, Equatable {
  /// When the restored organization was last confirmed; `nil` when it was not restored or has
  /// been fetched since.
  public var ownerRestoredAt: Date?
  /// When the restored repositories were last confirmed; `nil` likewise.
  public var repositoriesRestoredAt: Date?
  /// What is wrong with the cache, in one line; `nil` when nothing is.
  public var problem: String?

  /// Creates a status.
  public init(
    ownerRestoredAt: Date? = nil, repositoriesRestoredAt: Date? = nil,
    problem: String? = nil
  ) {
    self.ownerRestoredAt = ownerRestoredAt
    self.repositoriesRestoredAt = repositoriesRestoredAt
    self.problem = problem
  }
}
