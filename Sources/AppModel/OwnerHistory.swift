import GitHubAPI

/// The owners opened in this run and before it: the recent ones, most recent first, which the
/// owner prompt completes from and which persist with the cache, and the one `-` goes back to.
public struct OwnerHistory: Sendable, Equatable {
  /// The most owners remembered.
  public static let limit = 20

  /// The owners opened, most recent first, each login once (any case), at most ``limit``.
  public private(set) var recent: [GitHubLogin]
  /// The owner shown before the current one, if any.
  public var previous: GitHubLogin?

  /// A history holding `recent` (most recent first), cut to ``limit``, each login once.
  public init(recent: [GitHubLogin] = [], previous: GitHubLogin? = nil) {
    self.recent = []
    self.previous = previous
    for login in recent.reversed() { opened(login) }
  }

  /// Notes that `login` was opened: it moves to the front.
  public mutating func opened(_ login: GitHubLogin) {
    recent.removeAll { $0 == login }
    recent.insert(login, at: 0)
    if recent.count > Self.limit { recent.removeLast(recent.count - Self.limit) }
  }

  /// Forgets `login` (any case): an owner that turned out not to exist.
  public mutating func forget(_ login: GitHubLogin) {
    recent.removeAll { $0 == login }
    if previous == login { previous = nil }
  }

  /// The recent owners other than `shown` that start with `prefix` (any case), most recent
  /// first.
  public func completions(of prefix: String, shown: GitHubLogin) -> [GitHubLogin] {
    recent.filter { $0.hasPrefix(prefix) && $0 != shown }
  }
}
