import ApexyLoader

/// An organization together with its repositories: the Fetch pane's merged content.
public struct OrganizationRepositories: Sendable, Equatable {
  /// The organization.
  public var organization: Organization
  /// Its repositories, in the order GitHub listed them.
  public var repositories: [Repository]

  /// Pairs an organization with its repositories.
  public init(organization: Organization, repositories: [Repository]) {
    self.organization = organization
    self.repositories = repositories
  }

  /// The merged state the Fetch pane and headless mode show: both loaders' states combined.
  public static func merged(
    _ organization: LoadingState<Organization>, _ repositories: LoadingState<[Repository]>
  ) -> LoadingState<OrganizationRepositories> {
    organization.merge(repositories) { Self(organization: $0, repositories: $1) }
  }
}
