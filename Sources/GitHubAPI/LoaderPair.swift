import ApexyLoader
import Foundation

/// The organization and repositories loaders every view shares, and the Fetch button's order.
@MainActor
public struct LoaderPair {
  /// The one organization loader.
  public let organization: OrganizationLoader
  /// The one repositories loader.
  public let repositories: RepositoriesLoader

  /// Pairs the two loaders.
  public init(organization: OrganizationLoader, repositories: RepositoriesLoader) {
    self.organization = organization
    self.repositories = repositories
  }

  /// What the Fetch button does, in the app and in headless mode alike: repositories first,
  /// then the organization (each joins a load already in flight).
  public func fetchBoth() {
    repositories.load()
    organization.load()
  }

  /// Both states merged, as the Fetch pane shows them.
  public var mergedState: LoadingState<OrganizationRepositories> {
    OrganizationRepositories.merged(organization.state, repositories.state)
  }
}
