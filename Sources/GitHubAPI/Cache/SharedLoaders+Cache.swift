import ApexyLoader
import Foundation

/// Where the app's cache entries go: the namespace (the API, or the built-in server's data) and
/// the names of the two entries in it.
public struct GitHubCacheKeys: Sendable, Equatable {
  /// The namespace of every entry of this data source.
  public var namespace: String

  /// Keys for a GitHub-compatible API at `baseURL`: its root without a trailing slash
  /// (`https://api.github.com`, `https://ghe.example/api/v3`), without any user or password.
  public static func api(_ baseURL: URL) -> GitHubCacheKeys {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
    components?.user = nil
    components?.password = nil
    var text = components?.url?.absoluteString ?? baseURL.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return GitHubCacheKeys(namespace: text)
  }

  /// Keys for the built-in server serving `repositoryCount` generated repositories (`nil`: the
  /// fixtures) from data of version `seed`; its port, new at every start, is not part of them.
  public static func builtIn(repositoryCount: Int?, seed: String) -> GitHubCacheKeys {
    GitHubCacheKeys(
      namespace: "built-in repos=\(repositoryCount.map(String.init) ?? "fixtures") seed=\(seed)")
  }

  /// The organization's entry.
  public func organization(_ org: String) -> LoaderCacheKey {
    LoaderCacheKey(namespace: namespace, name: "org \(org.lowercased())")
  }

  /// The entry of the organization's repositories.
  public func repositories(_ org: String) -> LoaderCacheKey {
    LoaderCacheKey(namespace: namespace, name: "repos \(org.lowercased())")
  }
}

extension SharedLoaders {
  /// Gives both loaders a cache in `store` under `keys`: they show the stored content at once
  /// and save every confirmed success. Validators are stored relative to the API's origin; the
  /// repositories are stored page by page with each page's URL and validators, so the first
  /// reload after a restart can be answered `304` for every page.
  public func attachCache(store: LoaderCacheStore, keys: GitHubCacheKeys) {
    let store = OriginRelativeStore(base: store, origin: configuration.baseURL)
    let sanitizer = organizationLoader.sanitizer
    organizationLoader.cache = LoaderCache(
      store: store, key: keys.organization(configuration.org),
      codec: GitHubCacheCodecs.organization(sanitizer: sanitizer))
    repositoriesLoader.cache = LoaderCache(
      store: store, key: keys.repositories(configuration.org),
      codec: GitHubCacheCodecs.repositories(
        sanitizer: sanitizer,
        pages: RepositoryPageSource(loader: repositoriesLoader, origin: configuration.baseURL)))
  }

  /// Blocks until the loaders' pending cache writes are on disk, at most `timeout` seconds;
  /// returns whether they all finished. For the end of the process.
  @discardableResult
  public func waitForCacheWrites(timeout: TimeInterval) -> Bool {
    let organization = organizationLoader.cache
    let repositories = repositoriesLoader.cache
    guard organization != nil || repositories != nil else { return true }
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      organization?.waitUntilWritten()
      repositories?.waitUntilWritten()
      group.leave()
    }
    return group.wait(timeout: .now() + timeout) == .success
  }

  /// The loaders' cache problems, one line each, `nil` when there are none.
  public var cacheProblem: String? {
    let problems = [organizationLoader.cacheProblem, repositoriesLoader.cacheProblem]
      .compactMap { $0 }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}
