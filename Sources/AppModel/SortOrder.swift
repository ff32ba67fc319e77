import Foundation
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
    return repositories.enumerated().sorted { a, b in
      switch keyOrder(a.element, b.element) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: a.offset < b.offset
      }
    }.map(\.element)
  }

  /// `earlier` and `later`, each in this order (the other way when `reversed`), as one list in
  /// it: what `sorted` makes of `later`'s repositories listed after `earlier`'s, each of
  /// `later` placed by a binary search instead of a sort of all of them.
  ///
  /// - Parameters:
  ///   - earlier: Repositories in this order, listed first.
  ///   - later: Repositories in this order, listed after them.
  ///   - reversed: Whether both, and the result, are the other way round.
  /// - Returns: Both lists in one, in this order.
  func merged(_ earlier: ArraySlice<Repository>, _ later: [Repository], reversed: Bool)
    -> [Repository]
  {
    var result: [Repository] = []
    result.reserveCapacity(earlier.count + later.count)
    var left = earlier.startIndex
    for repository in later {
      // Past the ones that come first: on a tie the one listed first (reversed, last).
      var (low, high) = (left, earlier.endIndex)
      while low < high {
        let middle = low + (high - low) / 2
        let order = keyOrder(earlier[middle], repository)
        if reversed ? order == .orderedDescending : order != .orderedDescending {
          low = middle + 1
        } else {
          high = middle
        }
      }
      result += earlier[left..<low]
      result.append(repository)
      left = low
    }
    result += earlier[left...]
    return result
  }

  /// How `a` and `b` compare by this order's key alone (`.orderedSame` for a tie, and always
  /// as listed).
  private func keyOrder(_ a: Repository, _ b: Repository) -> ComparisonResult {
    switch self {
    case .listed: .orderedSame
    case .name: Self.compareNames(a.name, b.name)
    case .stars: Self.descending(a.stargazersCount, b.stargazersCount)
    case .pushed: Self.descending(a.pushedAt ?? .distantPast, b.pushedAt ?? .distantPast)
    }
  }

  /// `a.caseInsensitiveCompare(b)`; between two ASCII names (GitHub's are) byte by byte with
  /// `A`–`Z` as `a`–`z`, as it compares them, without bridging each to an `NSString`.
  static func compareNames(_ a: String, _ b: String) -> ComparisonResult {
    guard a.utf8.allSatisfy({ $0 < 0x80 }), b.utf8.allSatisfy({ $0 < 0x80 }) else {
      return a.caseInsensitiveCompare(b)
    }
    func folded(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
    var (left, right) = (a.utf8.makeIterator(), b.utf8.makeIterator())
    while true {
      switch (left.next().map(folded), right.next().map(folded)) {
      case (nil, nil): return .orderedSame
      case (nil, _): return .orderedAscending
      case (_, nil): return .orderedDescending
      case (let x?, let y?) where x != y: return x < y ? .orderedAscending : .orderedDescending
      default: continue
      }
    }
  }

  /// Larger first.
  private static func descending<Value: Comparable>(_ a: Value, _ b: Value) -> ComparisonResult {
    a == b ? .orderedSame : a > b ? .orderedAscending : .orderedDescending
  }
}
