import Foundation
import GitHubAPI

/// "just now", "20s ago", "3m ago", "2h ago": coarse on purpose, so an idle app redraws the
/// status bar at most every ten seconds.
public enum AgeLabel {
  /// How long ago `date` was, coarsely.
  public static func text(since date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date))
    switch seconds {
    case ..<10: return "just now"
    case ..<60: return "\(seconds / 10 * 10)s ago"
    case ..<3600: return "\(seconds / 60)m ago"
    default: return "\(seconds / 3600)h ago"
    }
  }

  /// Seconds until `text(since:now:)` would read differently.
  public static func nextChange(since date: Date, now: Date) -> TimeInterval {
    let elapsed = max(0, now.timeIntervalSince(date))
    let step: Double = elapsed < 60 ? 10 : elapsed < 3600 ? 60 : 3600
    return step - elapsed.truncatingRemainder(dividingBy: step)
  }
}
