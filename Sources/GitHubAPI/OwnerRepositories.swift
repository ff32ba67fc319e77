import ApexyLoader

/// An owner together with its repositories: the Fetch pane's merged content.
public struct OwnerRepositories: Sendable, Equatable {
  /// The owner.
  public var owner: Owner
  /// Its repositories, in the order GitHub listed them.
  public var repositories: RepositoryList

  /// Pairs an owner with its repositories.
  ///
  /// - Parameters:
  ///   - owner: The owner.
  ///   - repositories: Its repositories.
  public init(owner: Owner, repositories: RepositoryList) {
    self.owner = owner
    self.repositories = repositories
  }

  /// The merged state the Fetch pane and headless mode show: both loaders' states combined.
  ///
  /// - Parameters:
  ///   - owner: The owner loader's state.
  ///   - repositories: The repositories loader's state.
  /// - Returns: Both merged.
  public static func merged(
    _ owner: LoadingState<Owner>, _ repositories: LoadingState<RepositoryList>
  ) -> LoadingState<OwnerRepositories> {
    owner.merge(repositories) { Self(owner: $0, repositories: $1) }
  }
}
