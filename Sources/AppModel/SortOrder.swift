import GitHubAPI

/// The order both panes list repositories in; `s` moves to the next one.
public enum SortOrder: Int, Sendable, CaseIterable {
  /// As the server listed them.
  case listed
  /// By name, case-insensitively.
  case name
  /// Most stars first.
  case stars
  /// Most recently pushed first; those the server gave no date last.
  case pushed

  /// The next order in the cycle.
  public var next: SortOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// How the pane heading names it: "", "by name", "by stars", "by last push".
  public var label: String {
    switch self {
    case .listed: ""
    case .name: "by name"
    case .stars: "by stars"
    case .pushed: "by last push"
    }
  }

  /// `repositories` in this order; ties keep the server's order.
  public func sorted(_ repositories: [Repository]) -> [Repository] {
    // As listed is the order they came in: the same array, not a copy of it (a pane would
    // otherwise hold its own copy of every repository).
    if self == .listed { return repositories }
    let indexed = Array(repositories.enumerated())
    func before(_ a: (offset: Int, element: Repository), _ b: (offset: Int, element: Repository))
      -> Bool
    {
      switch self {
      case .listed:
        return a.offset < b.offset
      case .name:
        let order = a.element.name.caseInsensitiveCompare(b.element.name)
        return order == .orderedSame ? a.offset < b.offset : order == .orderedAscending
      case .stars:
        if a.element.stargazersCount != b.element.stargazersCount {
          return a.element.stargazersCount > b.element.stargazersCount
        }
        return a.offset < b.offset
      case .pushed:
        let left = a.element.pushedAt ?? .distantPast
        let right = b.element.pushedAt ?? .distantPast
        return left == right ? a.offset < b.offset : left > right
      }
    }
    return indexed.sorted(by: before).map(\.element)
  }
}
