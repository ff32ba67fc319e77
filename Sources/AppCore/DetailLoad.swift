import ApexyLoader
import Foundation
import GitHubAPI

/// The open detail view's request: which keyed loader it observes and what that loader said.
public struct DetailLoad: Sendable, Equatable {
  /// The loader's key, `owner/name` as the server sent them (not safe to draw).
  public var key: String
  /// The detail loader's state: the repository with every field once it arrives.
  public var state: LoadingState<Repository> = .initial
  /// The detail loader's retry, freshness and rate limit.
  public var status = LoaderStatus()
  /// When the detail loader last succeeded.
  public var succeededAt: Date?

  /// The load of the repository kept under `key`, nothing heard from its loader yet.
  public init(key: String) {
    self.key = key
  }

  /// The key of `repository`'s detail loader: the owner from its full name (else `org`) and
  /// its name as sent.
  public static func key(of repository: Repository, org: String) -> String {
    let owner = repository.fullName.flatMap { full in
      full.split(separator: "/", omittingEmptySubsequences: false).first.map(String.init)
    }
    return (owner.flatMap { $0.isEmpty ? nil : $0 } ?? org) + "/" + repository.rawName
  }

  /// Takes the loader's state and status at `now`.
  mutating func take(_ state: LoadingState<Repository>, status: LoaderStatus, at now: Date) {
    if case .success = state, !isSuccess(self.state) { succeededAt = now }
    self.state = state
    self.status = status
  }

  private func isSuccess(_ state: LoadingState<Repository>) -> Bool {
    if case .success = state { return true }
    return false
  }
}
