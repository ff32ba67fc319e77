import ApexyLoader
import AppModel
import Foundation

extension CacheStatus {
  /// The loader's status-bar summary for content restored at `restoredAt`: "cached 3h ago",
  /// "loading (cached 3h ago)" or "✗ (cached 3h ago)"; `nil` when there is none to give.
  public static func summary<T>(_ loader: LoadingState<T>, restoredAt: Date?, now: Date)
    -> String?
  {
    guard let restoredAt, loader.content != nil else { return nil }
    let cached = "cached " + AgeLabel.text(since: restoredAt, now: now)
    switch loader {
    case .initial, .success: return cached
    case .loading: return "loading (\(cached))"
    case .failure: return "✗ (\(cached))"
    }
  }

  /// The same without the age, where the status bar is narrow: "cached", "loading (cached)",
  /// "✗ (cached)"; content from the cache never reads as confirmed (`✓`) at any width.
  public static func shortSummary<T>(_ loader: LoadingState<T>, restoredAt: Date?) -> String? {
    guard restoredAt != nil, loader.content != nil else { return nil }
    switch loader {
    case .initial, .success: return "cached"
    case .loading: return "loading (cached)"
    case .failure: return "✗ (cached)"
    }
  }

  /// The problem as the status bar's right side shows it, from widest to narrowest: the whole
  /// line, a pointer to `cache info`, the line cut short.
  public var problemHints: [String]? {
    problem.map { text in
      let line = "! " + text
      let short = "! cache problem: see loader-tui cache info"
      return [line, short, TextWidth.truncate(line, to: 24)].map { $0 + " " }
    }
  }
}
