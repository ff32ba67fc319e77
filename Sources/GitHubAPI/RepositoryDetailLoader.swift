import ApexyHTTP
import ApexyLoader

/// Loads one repository with `GET repos/{owner}/{name}`: the loader behind a detail view,
/// one instance per repository, kept by `RepositoryDetailLoaders`.
@MainActor
public final class RepositoryDetailLoader: WebLoader<Repository>, ContentLoading {
  /// The key it is kept under: `owner/name`.
  public let fullName: String
  /// The owner's login.
  public let owner: String
  /// The repository name.
  public let name: String
  /// Cleans the text of what it loads.
  public let sanitizer: TextSanitizer

  /// Creates the loader of `owner/name`; `sanitizer` cleans the text of what it loads.
  ///
  /// - Parameters:
  ///   - apiClient: The client it sends with.
  ///   - owner: The repository's owner.
  ///   - name: Its name.
  ///   - sanitizer: Cleans the text of what it loads.
  public init(apiClient: Client, owner: String, name: String, sanitizer: TextSanitizer) {
    self.owner = owner
    self.name = name
    self.fullName = owner + "/" + name
    self.sanitizer = sanitizer
    super.init(apiClient: apiClient)
  }

  /// Starts loading unless a load is in flight (with revalidation, a repository loaded
  /// before is confirmed with `304 Not Modified`).
  public func load() {
    guard startLoading() else { return }
    request(RepositoryEndpoint(owner: owner, name: name, sanitizer: sanitizer))
  }
}
