import GitHubAPI

extension GitHubLoaders {
  /// The loaders of the configuration's owner, the one a program shows first.
  public var firstOwner: OwnerLoaders {
    owner(configuration.owner, kind: configuration.ownerKind)
  }
}
