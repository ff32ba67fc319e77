import ApexyHTTP
import ApexyLoader
import Foundation

@testable import GitHubAPI

/// The loaders a program builds on this library, as these tests build them: one client from
/// the configuration, the organization and repositories loaders and the detail loaders on it,
/// with the configuration's policies.
@MainActor
final class TestLoaders {
  let configuration: GitHubConfiguration
  let client: URLSessionClient
  let organizationLoader: OrganizationLoader
  let repositoriesLoader: RepositoriesLoader
  let repositoryDetails: RepositoryDetailLoaders
  let rateLimit = RateLimitGate()

  init(configuration: GitHubConfiguration) {
    self.configuration = configuration
    client = configuration.makeClient(userAgent: "GitHubAPITests/1")
    let sanitizer = TextSanitizer(secrets: configuration.token.map { [$0] } ?? [])
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

  /// Both loaders, repositories first.
  func fetchBoth() {
    repositoriesLoader.load()
    organizationLoader.load()
  }

  /// Both states merged.
  var mergedState: LoadingState<OrganizationRepositories> {
    OrganizationRepositories.merged(organizationLoader.state, repositoriesLoader.state)
  }

  /// Caches both loaders in `store` under `keys`.
  func attachCache(store: LoaderCacheStore, keys: GitHubCacheKeys) {
    keys.attach(
      organization: organizationLoader, repositories: repositoriesLoader, org: configuration.org,
      baseURL: configuration.baseURL, store: store)
  }

  /// Waits until both loaders' cache writes are on disk.
  func flush() async {
    await organizationLoader.cache?.flush()
    await repositoriesLoader.cache?.flush()
  }

  /// The loaders' cache problems, joined; `nil` when there are none.
  var cacheProblem: String? {
    let problems = [organizationLoader.cacheProblem, repositoriesLoader.cacheProblem]
      .compactMap { $0 }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}
