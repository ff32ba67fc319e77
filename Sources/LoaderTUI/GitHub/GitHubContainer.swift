import ApexyHTTP
import ApexyLoader
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the app gets its data and how it talks to it.
struct GitHubConfiguration: Sendable {
  /// The API root, for example `https://api.github.com`.
  var baseURL: URL
  /// The organization login.
  var org: String
  /// The token for `Authorization: Bearer`, if any.
  var token: String?
  /// The overall deadline of one request, in seconds.
  var timeout: TimeInterval = 15
  /// The largest response body accepted, in bytes.
  var maximumResponseSize = 8 * 1024 * 1024
  /// The most repository pages followed.
  var pageCap = 100
}

/// Builds one client and one instance of each loader, and hands the same instances to everyone.
@MainActor
final class GitHubContainer {
  /// The configuration it was built from.
  let configuration: GitHubConfiguration
  /// The one client.
  let client: URLSessionClient
  /// The one organization loader.
  let organizationLoader: OrganizationLoader
  /// The one repositories loader.
  let repositoriesLoader: RepositoriesLoader

  /// Builds the client and the loaders.
  init(configuration: GitHubConfiguration) {
    self.configuration = configuration
    let session = URLSessionConfiguration.ephemeral
    session.timeoutIntervalForRequest = configuration.timeout
    session.timeoutIntervalForResource = configuration.timeout
    session.httpAdditionalHeaders = ["User-Agent": AppInfo.userAgent]
    client = URLSessionClient(
      requestAdapter: GitHubRequestAdapter(
        baseURL: configuration.baseURL, token: configuration.token),
      configuration: session, completionQueue: .main,
      maximumResponseSize: configuration.maximumResponseSize)
    organizationLoader = OrganizationLoader(apiClient: client, org: configuration.org)
    repositoriesLoader = RepositoriesLoader(
      apiClient: client, org: configuration.org, pageCap: configuration.pageCap)
  }

  /// `host:port` of the API, for messages.
  var hostDescription: String {
    let url = configuration.baseURL
    return [url.host, url.port.map(String.init)].compactMap { $0 }.joined(separator: ":")
  }

  /// The merged state the Fetch pane shows: organization and repositories together.
  var mergedState: LoadingState<OrganizationRepositories> {
    organizationLoader.state.merge(repositoriesLoader.state) {
      OrganizationRepositories(organization: $0, repositories: $1)
    }
  }
}
