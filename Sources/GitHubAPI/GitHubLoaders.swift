import ApexyHTTP
import ApexyLoader

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One organization's shared loaders on one client: one organization loader, one repositories
/// loader and a detail loader per repository, handed to every screen that shows them (in
/// `loader-tui`, to every pane and to both backends).
@MainActor
public final class GitHubLoaders {
  /// The configuration it was built from.
  public let configuration: GitHubConfiguration
  /// The one client.
  public let client: Client
  /// The one organization loader.
  public let organization: OrganizationLoader
  /// The one repositories loader.
  public let repositories: RepositoriesLoader
  /// The detail loaders, one per repository opened.
  public let details: RepositoryDetailLoaders
  /// The API's rate limit, shared by the loaders: used up, none of them sends a request.
  public let rateLimit = RateLimitGate()
  /// Cleans server and request text for display (the token is a secret).
  public let sanitizer: TextSanitizer

  /// The loaders on `client` (`GitHubConfiguration.makeClient`), for `configuration`'s
  /// organization.
  ///
  /// - Parameters:
  ///   - client: The client every loader sends with.
  ///   - configuration: The organization, the page cap and the token the sanitizer hides.
  ///   - policies: What the loaders do on their own (retry, revalidation, refresh); by
  ///     default the configuration's.
  public init(
    client: Client, configuration: GitHubConfiguration, policies: LoaderPolicies? = nil
  ) {
    self.configuration = configuration
    self.client = client
    // The token never reaches the screen or the output, even when a server echoes it.
    let sanitizer = TextSanitizer(secrets: configuration.token.map { [$0] } ?? [])
    self.sanitizer = sanitizer
    organization = OrganizationLoader(
      apiClient: client, org: configuration.org, sanitizer: sanitizer)
    repositories = RepositoriesLoader(
      apiClient: client, org: configuration.org, pageCap: configuration.pageCap,
      sanitizer: sanitizer)
    let policies = policies ?? configuration.policies(rateLimit: rateLimit)
    organization.policies = policies
    repositories.policies = policies
    details = RepositoryDetailLoaders(client: client, sanitizer: sanitizer, policies: policies)
  }

  /// Loads both lists, repositories first, then the organization (each joins a load already
  /// in flight): what `loader-tui`'s Fetch button does.
  public func fetchBoth() {
    repositories.load()
    organization.load()
  }
}
