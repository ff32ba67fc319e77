import ApexyHTTP
import ApexyLoader

/// The detail loaders, one per repository, made the first time a repository is opened and
/// handed out again every time it is opened after.
@MainActor
public final class RepositoryDetailLoaders {
  private let client: Client
  private let sanitizer: TextSanitizer
  private let policies: LoaderPolicies
  private var loaders: [String: RepositoryDetailLoader] = [:]

  /// A store whose loaders send with `client`, clean with `sanitizer` and follow `policies`
  /// (without periodic refresh: a detail is loaded when it is opened).
  public init(client: Client, sanitizer: TextSanitizer, policies: LoaderPolicies = LoaderPolicies())
  {
    self.client = client
    self.sanitizer = sanitizer
    var policies = policies
    policies.refreshInterval = nil
    self.policies = policies
  }

  /// The loader of `fullName` (`owner/name`), made on first use; `nil` when it is not of
  /// that form.
  public func loader(for fullName: String) -> RepositoryDetailLoader? {
    if let loader = loaders[fullName] { return loader }
    let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    let loader = RepositoryDetailLoader(
      apiClient: client, owner: String(parts[0]), name: String(parts[1]), sanitizer: sanitizer)
    loader.policies = policies
    loaders[fullName] = loader
    return loader
  }

  /// The keys of the loaders made so far, sorted.
  public var keys: [String] { loaders.keys.sorted() }
}
