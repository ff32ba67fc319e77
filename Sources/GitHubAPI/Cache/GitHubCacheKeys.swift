import ApexyLoader
import Foundation

/// Where the app's cache entries go: the namespace (the API, or the built-in server's data) and
/// the names of the two entries in it.
public struct GitHubCacheKeys: Sendable, Equatable {
  /// The namespace of every entry of this data source.
  public var namespace: String

  /// Keys for a GitHub-compatible API at `baseURL`: its root without a trailing slash
  /// (`https://api.github.com`, `https://ghe.example/api/v3`), without any user or password.
  ///
  /// - Parameter baseURL: The API root.
  /// - Returns: The keys.
  public static func api(_ baseURL: URL) -> GitHubCacheKeys {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
    components?.user = nil
    components?.password = nil
    var text = components?.url?.absoluteString ?? baseURL.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return GitHubCacheKeys(namespace: text)
  }

  /// Keys in `namespace`: a data source of its own (a test server, a fixture set).
  ///
  /// - Parameter namespace: The namespace of every entry.
  public init(namespace: String) {
    self.namespace = namespace
  }

  /// The owner's entry.
  ///
  /// - Parameter login: The owner's login, in any case.
  /// - Returns: The key.
  public func owner(_ login: GitHubLogin) -> LoaderCacheKey {
    LoaderCacheKey(namespace: namespace, name: "owner \(login.key)")
  }

  /// The owner's entry as 0.2.0 named it, read once when there is no ``owner(_:)`` entry yet.
  func ownerBefore030(_ login: GitHubLogin) -> LoaderCacheKey {
    LoaderCacheKey(namespace: namespace, name: "org \(login.key)")
  }

  /// The entry of the owner's repositories; a list cut to a `limit` has an entry of its own
  /// (`repos acme limit=25`), so that neither list stands in for the other.
  ///
  /// - Parameters:
  ///   - login: The owner's login, in any case.
  ///   - limit: The most repositories the list holds; `nil` for every one.
  /// - Returns: The key.
  public func repositories(_ login: GitHubLogin, limit: Int? = nil) -> LoaderCacheKey {
    let name = "repos \(login.key)" + (limit.map { " limit=\($0)" } ?? "")
    return LoaderCacheKey(namespace: namespace, name: name)
  }

  /// Gives both loaders of `login` at `baseURL` a cache in `store` under these keys: they show
  /// the stored content at once and save every confirmed success. Validators are stored
  /// relative to the API's origin; the repositories are stored page by page with each page's
  /// URL and validators, so the first reload after a restart can be answered `304` for every
  /// page.
  ///
  /// - Parameters:
  ///   - owner: The owner's loader.
  ///   - repositories: The owner's repositories loader.
  ///   - login: The owner's login.
  ///   - baseURL: The API root the validators are stored relative to.
  ///   - store: Where the entries are kept.
  @MainActor
  public func attach(
    owner: OwnerLoader, repositories: RepositoriesLoader, login: GitHubLogin,
    baseURL: URL, store: LoaderCacheStore
  ) {
    let store = OriginRelativeStore(base: store, origin: baseURL)
    let sanitizer = owner.sanitizer
    owner.cache = LoaderCache(
      store: FormerKeyStore(base: store, key: self.owner(login), formerKey: ownerBefore030(login)),
      key: self.owner(login), codec: GitHubCacheCodecs.owner(sanitizer: sanitizer))
    repositories.cache = LoaderCache(
      store: store, key: self.repositories(login, limit: repositories.limit),
      codec: GitHubCacheCodecs.repositories(
        sanitizer: sanitizer, pages: RepositoryPageSource(loader: repositories, origin: baseURL)))
  }
}
