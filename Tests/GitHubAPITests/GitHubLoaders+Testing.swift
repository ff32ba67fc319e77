import ApexyHTTP
import ApexyLoader
import Foundation

@testable import GitHubAPI

/// What these tests add to the loaders a program builds on this library.
extension GitHubLoaders {
  /// The loaders on a client made from `configuration`, with the configuration's policies.
  convenience init(testing configuration: GitHubConfiguration) {
    self.init(
      client: configuration.makeClient(userAgent: "GitHubAPITests/1"),
      configuration: configuration)
  }

  /// Both states merged.
  var mergedState: LoadingState<OwnerRepositories> {
    OwnerRepositories.merged(firstOwner.owner.state, firstOwner.repositories.state)
  }

  /// Waits until both loaders' cache writes are on disk.
  func flush() async {
    await firstOwner.owner.cache?.flush()
    await firstOwner.repositories.cache?.flush()
  }

  /// The loaders' cache problems, joined; `nil` when there are none.
  var cacheProblem: String? {
    let problems = [firstOwner.owner.cacheProblem, firstOwner.repositories.cacheProblem].compactMap
    { $0 }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}

extension GitHubLoaders {
  /// The loaders of the configuration's owner, the one a program shows first.
  var firstOwner: OwnerLoaders { owner(configuration.owner, kind: configuration.ownerKind) }
}
