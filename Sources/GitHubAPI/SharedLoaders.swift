import ApexyHTTP
import ApexyLoader
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Builds one client and one instance of each loader, and hands the same instances to everyone.
@MainActor
public final class SharedLoaders {
  /// The configuration it was built from.
  public let configuration: GitHubConfiguration
  /// The one client.
  public let client: URLSessionClient
  /// The one organization loader.
  public let organizationLoader: OrganizationLoader
  /// The one repositories loader.
  public let repositoriesLoader: RepositoriesLoader
  /// The detail loaders, one per repository opened.
  public let repositoryDetails: RepositoryDetailLoaders
  /// The API's rate limit, shared by both loaders: used up, neither sends a request.
  public let rateLimit = RateLimitGate()
  /// Every request's life events, for the inspector and `--trace`.
  public let requestEvents = RequestEventRelay()
  /// Cleans server and request text for display (the token is a secret).
  public let sanitizer: TextSanitizer

  /// Builds the client and the loaders.
  public init(configuration: GitHubConfiguration) {
    self.configuration = configuration
    // Nothing kept between runs but the loader cache: no cookies, no URL cache, and on Linux
    // no session configuration made at all (Foundation's first one costs ~2 ms of a run).
    let relay = requestEvents
    client = URLSessionClient(
      requestAdapter: GitHubRequestAdapter(
        baseURL: configuration.baseURL, token: configuration.token),
      defaults: RequestDefaults(
        requestTimeout: configuration.timeout, deadline: configuration.timeout,
        additionalHeaders: ["User-Agent": AppInfo.userAgent]),
      completionQueue: .main, maximumResponseSize: configuration.maximumResponseSize,
      requestLifeObserver: { relay.deliver($0) })
    // The token never reaches the screen or the output, even when a server echoes it.
    let sanitizer = TextSanitizer(secrets: configuration.token.map { [$0] } ?? [])
    self.sanitizer = sanitizer
    organizationLoader = OrganizationLoader(
      apiClient: client, org: configuration.org, sanitizer: sanitizer)
    repositoriesLoader = RepositoriesLoader(
      apiClient: client, org: configuration.org, pageCap: configuration.pageCap,
      sanitizer: sanitizer)
    let policies = configuration.policies(rateLimit: rateLimit)
    organizationLoader.policies = policies
    repositoriesLoader.policies = policies
    repositoryDetails = RepositoryDetailLoaders(
      client: client, sanitizer: sanitizer, policies: policies)
  }

  /// `host:port` of the API, for messages.
  public var hostDescription: String {
    let url = configuration.baseURL
    return [url.host, url.port.map(String.init)].compactMap { $0 }.joined(separator: ":")
  }

  /// The two loaders, with the Fetch button's order and their merged state.
  public var pair: LoaderPair {
    LoaderPair(organization: organizationLoader, repositories: repositoriesLoader)
  }

}
