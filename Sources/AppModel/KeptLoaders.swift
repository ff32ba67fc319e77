import GitHubAPI

/// The loaders the runtime keeps by key, as the inspector lists them.
public struct KeptLoaders: Sendable, Equatable {
  /// The owners kept, least recently shown first.
  public var owners: [GitHubLogin]
  /// The owners whose loaders something observes now (the one shown, and any loading).
  public var observedOwners: [GitHubLogin]
  /// The owners let go of, oldest first.
  public var droppedOwners: [GitHubLogin]
  /// The repository detail loaders kept, `owner/name`.
  public var details: [String]
  /// The detail loaders let go of, oldest first.
  public var droppedDetails: [String]

  /// A listing from its parts.
  public init(
    owners: [GitHubLogin] = [], observedOwners: [GitHubLogin] = [],
    droppedOwners: [GitHubLogin] = [],
    details: [String] = [], droppedDetails: [String] = []
  ) {
    self.owners = owners
    self.observedOwners = observedOwners
    self.droppedOwners = droppedOwners
    self.details = details
    self.droppedDetails = droppedDetails
  }
}
