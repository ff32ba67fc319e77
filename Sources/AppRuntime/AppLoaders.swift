import ApexyHTTP
import ApexyLoader
import AppModel
import GitHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's one client and one instance of each loader, handed to every view and to both
/// backends of the app: the same organization and repositories loaders serve every pane.
@MainActor
public final class AppLoaders {
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
  /// Every request's life events, for the inspector and `--trace`.
  public let requestEvents: RequestEventRelay
  /// Cleans server and request text for display (the token is a secret).
  public let sanitizer: TextSanitizer

  /// Builds the app's client (`GitHubConfiguration.makeClient` with the app's `User-Agent`)
  /// and the loaders on it.
  public convenience init(configuration: GitHubConfiguration) {
    let relay = RequestEventRelay()
    // On Linux no session configuration is made at all (Foundation's first one costs ~2 ms
    // of a run).
    let client = configuration.makeClient(
      userAgent: AppInfo.userAgent, requestLifeObserver: { relay.deliver($0) })
    self.init(client: client, configuration: configuration, requestEvents: relay)
  }

  /// The loaders on `client`, whose request-life events (if it reports any) go to
  /// `requestEvents`; they follow `policies`, by default the configuration's.
  public init(
    client: Client, configuration: GitHubConfiguration,
    requestEvents: RequestEventRelay = RequestEventRelay(), policies: LoaderPolicies? = nil
  ) {
    self.configuration = configuration
    self.client = client
    self.requestEvents = requestEvents
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

  /// What the Fetch button does, in both backends of the app: repositories first, then the
  /// organization (each joins a load already in flight).
  public func fetchBoth() {
    repositories.load()
    organization.load()
  }
}
