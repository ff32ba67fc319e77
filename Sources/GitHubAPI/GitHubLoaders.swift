import ApexyHTTP
import ApexyLoader

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The shared loaders of one API on one client, kept by key: each owner's loaders
/// (``owners``, by login) and a detail loader per repository (``details``), handed to every
/// screen that shows them (in `loader-tui`, to every pane and to both backends).
@MainActor
public final class GitHubLoaders {
  /// The configuration it was built from; its `owner` is the owner shown first.
  public let configuration: GitHubConfiguration
  /// The one client.
  public let client: Client
  /// Each owner's loaders, by login: two spellings of one login are one owner.
  public let owners: LoaderStore<GitHubLogin, OwnerLoaders>
  /// The detail loaders, one per repository opened.
  public let details: RepositoryDetailLoaders
  /// The API's rate limit, one per host, shared by every loader: used up, none of them sends
  /// a request.
  public let rateLimit = RateLimitGate()
  /// Cleans server and request text for display (the token is a secret).
  public let sanitizer: TextSanitizer

  private let factory: OwnerFactory

  /// The most owners kept when none is given: each holds its lists in memory.
  public static let defaultOwnerLimit = 5

  /// The loaders on `client` (`GitHubConfiguration.makeClient`), for `configuration`'s API.
  ///
  /// - Parameters:
  ///   - client: The client every loader sends with.
  ///   - configuration: The first owner, the page cap and the token the sanitizer hides.
  ///   - policies: What the loaders do on their own (retry, revalidation, refresh); by
  ///     default the configuration's.
  ///   - ownerLimit: The most owners kept that are neither shown nor loading.
  public init(
    client: Client, configuration: GitHubConfiguration, policies: LoaderPolicies? = nil,
    ownerLimit: Int = defaultOwnerLimit
  ) {
    self.configuration = configuration
    self.client = client
    // The token never reaches the screen or the output, even when a server echoes it.
    let sanitizer = TextSanitizer(secrets: configuration.token.map { [$0] } ?? [])
    self.sanitizer = sanitizer
    let policies = policies ?? configuration.policies(rateLimit: rateLimit)
    let factory = OwnerFactory(
      client: client, pageCap: configuration.pageCap, limit: configuration.repositoryLimit,
      sanitizer: sanitizer, policies: policies)
    self.factory = factory
    owners = LoaderStore(limit: ownerLimit) { [factory] key in factory.make(key, kind: nil) }
    details = RepositoryDetailLoaders(client: client, sanitizer: sanitizer, policies: policies)
    factory.first = (configuration.owner, configuration.ownerKind)
  }

  /// The loaders of the owner `login` (any case), made on first use; `kind` is used when
  /// they are made (`nil`: the first answer says).
  ///
  /// - Parameters:
  ///   - login: The owner's login.
  ///   - kind: Organization or user, when known.
  /// - Returns: The loaders kept under that login, the same instances while kept.
  public func owner(_ login: GitHubLogin, kind: OwnerKind? = nil) -> OwnerLoaders {
    owners.loader(for: login) { [factory] key in factory.make(key, kind: kind) }
  }

  /// Gives every owner's loaders, those kept and those made later, a cache in `store` under
  /// `keys` (see `GitHubCacheKeys.attach`).
  ///
  /// - Parameters:
  ///   - store: Where the entries are kept.
  ///   - keys: The entries' keys for this API.
  public func attachCache(store: LoaderCacheStore, keys: GitHubCacheKeys) {
    let baseURL = configuration.baseURL
    factory.attach = { owner in
      keys.attach(
        owner: owner.owner, repositories: owner.repositories, login: owner.login,
        baseURL: baseURL, store: store)
    }
    for key in owners.keys {
      if let owner = owners.existingLoader(for: key) { factory.attach?(owner) }
    }
  }

  /// Waits for each kept owner's cache writes, for the end of the process.
  var cacheWrites: [@Sendable () -> Void] {
    var writes: [@Sendable () -> Void] = []
    for owner in owners.keys.compactMap(owners.existingLoader(for:)) {
      if let cache = owner.owner.cache { writes.append { cache.waitUntilWritten() } }
      if let cache = owner.repositories.cache { writes.append { cache.waitUntilWritten() } }
    }
    return writes
  }
}

/// Makes each owner's loaders: what they send with, and their cache.
@MainActor
private final class OwnerFactory {
  let client: Client
  let pageCap: Int
  let limit: Int?
  let sanitizer: TextSanitizer
  let policies: LoaderPolicies
  /// The configuration's owner, whose kind is known whenever its loaders are made.
  var first: (login: GitHubLogin, kind: OwnerKind?)?
  var attach: ((OwnerLoaders) -> Void)?

  init(
    client: Client, pageCap: Int, limit: Int?, sanitizer: TextSanitizer, policies: LoaderPolicies
  ) {
    self.client = client
    self.pageCap = pageCap
    self.limit = limit
    self.sanitizer = sanitizer
    self.policies = policies
  }

  /// The loaders of `key`, of `kind` when the caller knows it.
  func make(_ key: GitHubLogin, kind: OwnerKind?) -> OwnerLoaders {
    let first = first.flatMap { $0.login == key ? $0 : nil }
    let owner = OwnerLoaders(
      login: first?.login ?? key, kind: kind ?? first?.kind,
      client: client, pageCap: pageCap, limit: limit, sanitizer: sanitizer)
    owner.owner.policies = policies
    owner.repositories.policies = policies
    attach?(owner)
    return owner
  }
}
