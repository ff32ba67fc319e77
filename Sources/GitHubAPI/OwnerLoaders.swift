import ApexyHTTP
import ApexyLoader

/// One owner's two loaders, kept together in ``GitHubLoaders/owners`` under the owner's login:
/// the owner itself and its repositories. The repositories of an owner whose kind is not known
/// yet wait for the owner's answer, which says it.
@MainActor
public final class OwnerLoaders: StoredLoader {
  /// The login as it was asked for.
  public let login: GitHubLogin
  /// The owner loader.
  public let owner: OwnerLoader
  /// The repositories loader.
  public let repositories: RepositoriesLoader

  private var kindWaiters: [@MainActor (Result<OwnerKind, Error>) -> Void] = []
  private var kindObservation: LoaderObservation?

  /// The name the repositories loader observes the owner loader under while it waits for
  /// the owner's kind.
  public static let kindObserverName = "repositories (waiting for the owner's kind)"

  /// The two loaders of `login`, of `kind` when known, on `client`.
  ///
  /// - Parameters:
  ///   - login: The owner's login.
  ///   - kind: Organization or user; `nil` when the first answer is to say.
  ///   - client: The client both send with.
  ///   - pageCap: The most repository pages followed.
  ///   - limit: The most repositories listed; `nil` for every one.
  ///   - sanitizer: Cleans the server's text for display.
  public init(
    login: GitHubLogin, kind: OwnerKind?, client: Client, pageCap: Int, limit: Int? = nil,
    sanitizer: TextSanitizer
  ) {
    self.login = login
    owner = OwnerLoader(
      apiClient: client, login: login, kind: kind, sanitizer: sanitizer)
    repositories = RepositoriesLoader(
      apiClient: client, login: login, kind: kind, pageCap: pageCap, limit: limit,
      sanitizer: sanitizer)
    repositories.kindSource = { [weak self] done in
      guard let self else { return }
      self.whenKindKnown(done)
    }
  }

  /// Whether the owner is an organization or a user, once known.
  public var kind: OwnerKind? { owner.kind ?? repositories.kind }

  /// Whether either loader is observed.
  public var isObserved: Bool {
    owner.isObserved || repositories.isObserved
  }

  /// Whether either loader is loading.
  public var isLoading: Bool { owner.isLoading || repositories.isLoading }

  /// Loads both, repositories first, then the owner (each joins a load already in flight).
  public func fetchBoth() {
    repositories.load()
    owner.load()
  }

  /// Loads both (``fetchBoth()``), as `LoaderStore.invalidate(_:)` and
  /// `LoaderStore.prefetch(_:)` ask.
  public func loadInStore() { fetchBoth() }

  /// Calls `done` with the owner's kind: at once when known, else once the owner loader's
  /// load (started or joined here) ends.
  private func whenKindKnown(_ done: @escaping @MainActor (Result<OwnerKind, Error>) -> Void) {
    if let kind {
      done(.success(kind))
      return
    }
    kindWaiters.append(done)
    if kindObservation == nil {
      kindObservation = owner.observe(named: Self.kindObserverName) { [weak self] in
        self?.ownerChanged()
      }
    }
    owner.load()
  }

  private func ownerChanged() {
    let result: Result<OwnerKind, Error>
    switch owner.state {
    case .initial, .loading: return
    case .success(let owner):
      result = .success(owner.kind ?? .user)
    case .failure(let error, _):
      guard let kind else {
        result = .failure(error)
        break
      }
      result = .success(kind)
    }
    let waiters = kindWaiters
    kindWaiters = []
    kindObservation = nil
    for waiter in waiters { waiter(result) }
  }
}
