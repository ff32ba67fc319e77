import ApexyHTTP
import ApexyLoader

/// The detail loaders, one per repository, made the first time a repository is opened and
/// handed out again every time it is opened while kept: a `LoaderStore` keyed by
/// `owner/name`, which lets go of the least recently opened one that is neither shown nor
/// loading once more than `limit` are kept.
@MainActor
public final class RepositoryDetailLoaders {
  /// The loaders by `owner/name`: which are kept, observed and dropped.
  public let store: LoaderStore<String, RepositoryDetailLoader>

  /// A store whose loaders send with `client`, clean with `sanitizer` and follow `policies`
  /// (without periodic refresh: a detail is loaded when it is opened).
  ///
  /// - Parameters:
  ///   - client: The client the loaders send with.
  ///   - sanitizer: Cleans the server's text for display.
  ///   - policies: What the loaders do on their own.
  ///   - limit: The most loaders kept that are neither shown nor loading.
  public init(
    client: Client, sanitizer: TextSanitizer, policies: LoaderPolicies = LoaderPolicies(),
    limit: Int = 20
  ) {
    var policies = policies
    policies.refreshInterval = nil
    store = LoaderStore(limit: limit) { [policies] fullName in
      let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
      let loader = RepositoryDetailLoader(
        apiClient: client, owner: String(parts[0]), name: String(parts[1]), sanitizer: sanitizer)
      loader.policies = policies
      return loader
    }
  }

  /// The loader of `fullName` (`owner/name`), made on first use; `nil` when it is not of
  /// that form.
  ///
  /// - Parameter fullName: The repository, `owner/name`.
  /// - Returns: The loader kept under that key.
  public func loader(for fullName: String) -> RepositoryDetailLoader? {
    store.loader(for: fullName)
  }

  /// The keys of the loaders kept, sorted.
  public var keys: [String] { store.keys.sorted() }
}
