import ApexyHTTP
import ApexyLoader

/// Loads the owner (an organization or a user): the first of the two loaders both panes share.
@MainActor
public final class OwnerLoader: WebLoader<Owner>, ContentLoading {
  /// The owner's login.
  public let login: GitHubLogin
  /// Whether the owner is an organization or a user: given, or learned from the first answer
  /// of `users/{login}` (or from the content the cache restored). `nil` until known.
  public var kind: OwnerKind? {
    get { givenKind ?? state.content?.kind }
    set { givenKind = newValue }
  }
  /// Cleans the text of what it loads.
  public let sanitizer: TextSanitizer

  private var givenKind: OwnerKind?

  /// Creates the loader for `login`, of the kind `kind` says (`nil`: either
  /// kind, asked of `users/{login}`); `sanitizer` cleans the text of what it loads.
  ///
  /// - Parameters:
  ///   - apiClient: The client it sends with.
  ///   - login: The owner's login.
  ///   - kind: Its kind; `nil` for either.
  ///   - sanitizer: Cleans the text of what it loads.
  public init(
    apiClient: Client, login: GitHubLogin, kind: OwnerKind?, sanitizer: TextSanitizer
  ) {
    self.login = login
    self.givenKind = kind
    self.sanitizer = sanitizer
    super.init(apiClient: apiClient)
  }

  /// Starts loading unless a load is in flight: `orgs/{org}` for an organization,
  /// `users/{login}` otherwise.
  public func load() {
    guard startLoading() else { return }
    request(
      OwnerEndpoint(login: login, kind: kind, sanitizer: sanitizer),
      transform: { [weak self] owner in
        if let kind = owner.kind { self?.givenKind = kind }
        return owner
      })
  }
}
