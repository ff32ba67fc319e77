import ApexyLoader
import Foundation
import GitHubAPI

/// What the status bar says about the cache: when the content each loader restored from it was
/// last confirmed (until the server confirms it again), and the store's problem, if any.
public struct CacheStatus: Sendable, Equatable {
  /// When the restored organization was last confirmed; `nil` when it was not restored or has
  /// been fetched since.
  public var organizationRestoredAt: Date?
  /// When the restored repositories were last confirmed; `nil` likewise.
  public var repositoriesRestoredAt: Date?
  /// What is wrong with the cache, in one line; `nil` when nothing is.
  public var problem: String?

  /// Creates a status.
  public init(
    organizationRestoredAt: Date? = nil, repositoriesRestoredAt: Date? = nil,
    problem: String? = nil
  ) {
    self.organizationRestoredAt = organizationRestoredAt
    self.repositoriesRestoredAt = repositoriesRestoredAt
    self.problem = problem
  }

  /// The status of `loaders` now.
  @MainActor
  public init(_ loaders: LoaderPair) {
    func restoredAt(_ freshness: Freshness) -> Date? {
      freshness.isRestored ? freshness.lastConfirmed : nil
    }
    let problems = [loaders.organization.cacheProblem, loaders.repositories.cacheProblem]
      .compactMap { $0 }
    self.init(
      organizationRestoredAt: restoredAt(loaders.organization.freshness),
      repositoriesRestoredAt: restoredAt(loaders.repositories.freshness),
      problem: problems.isEmpty ? nil : Array(Set(problems)).sorted().joined(separator: "; "))
  }

  /// The loader's status-bar summary for content restored at `restoredAt`: "cached 3h ago",
  /// "loading (cached 3h ago)" or "✗ (cached 3h ago)"; `nil` when there is none to give.
  public static func summary<T>(_ loader: LoadingState<T>, restoredAt: Date?, now: Date)
    -> String?
  {
    guard let restoredAt, loader.content != nil else { return nil }
    let cached = "cached " + AgeLabel.text(since: restoredAt, now: now)
    switch loader {
    case .initial, .success: return cached
    case .loading: return "loading (\(cached))"
    case .failure: return "✗ (\(cached))"
    }
  }

  /// The problem as the status bar's right side shows it, from widest to narrowest: the whole
  /// line, a pointer to `cache info`, the line cut short.
  public var problemHints: [String]? {
    problem.map { text in
      let line = "! " + text
      let short = "! cache problem: see loader-tui cache info"
      return [line, short, TextWidth.truncate(line, to: 24)].map { $0 + " " }
    }
  }
}
