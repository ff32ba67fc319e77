import Foundation
import GitHubAPI

/// What the lists show beyond their data: the selected row of each pane, the sort order both
/// panes share, and the repository whose details are open.
public struct ListState: Sendable, Equatable {
  /// The selected row of each pane, an index into its visible (filtered, sorted) list.
  public var selected: [PaneID: Int] = [.fetch: 0, .result: 0]
  /// The repository whose detail view is open, as it was when it was opened.
  public var detail: Repository?
  /// The open detail view's request through its keyed loader.
  public var detailLoad: DetailLoad?

  /// Nothing selected beyond the first rows, no detail open.
  public init() {}
}

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

/// Which repositories a filter keeps.
public enum ListFilter {
  /// Whether `repository` matches `filter`: a case-insensitive substring of its name, language
  /// or description; `lang:swift` matches the language alone.
  public static func matches(_ repository: Repository, _ filter: String) -> Bool {
    guard !filter.isEmpty else { return true }
    func has(_ text: String?, _ part: String) -> Bool {
      guard let text else { return false }
      return text.range(of: part, options: .caseInsensitive) != nil
    }
    if filter.lowercased().hasPrefix("lang:") {
      let language = filter.dropFirst(5).trimmingCharacters(in: .whitespaces)
      return language.isEmpty || has(repository.language, language)
    }
    return has(repository.name, filter) || has(repository.language, filter)
      || has(repository.description, filter)
  }
}
