import GitHubAPI

/// The open detail view: the repository as its list showed it, and its keyed detail loader.
public struct OpenDetail: Sendable, Equatable {
  /// The repository as it was listed when the view opened.
  public var repository: Repository
  /// Its detail loader's key, `owner/name` as the server sent them (not safe to draw).
  public var key: String
  /// Its detail loader: the repository with every field once the answer arrives.
  public var loader = LoaderSlot<Repository>()
  /// The first line shown, where the view is too short for them all.
  public var scroll = 0

  /// The view of `repository`, whose detail loader is kept under `key`.
  public init(repository: Repository, key: String) {
    self.repository = repository
    self.key = key
  }

  /// The repository to show: the detail loader's once it arrived, else the list's.
  public var shown: Repository { loader.state.content ?? repository }

  /// The key of `repository`'s detail loader: the owner from its full name (else `owner`) and
  /// its name as sent.
  public static func key(of repository: Repository, owner shown: GitHubLogin) -> String {
    let owner = repository.fullName.flatMap { full in
      full.split(separator: "/", omittingEmptySubsequences: false).first.map(String.init)
    }
    return (owner.flatMap { $0.isEmpty ? nil : $0 } ?? shown.spelling) + "/" + repository.rawName
  }
}
