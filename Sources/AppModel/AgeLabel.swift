import Foundation

/// "just now", "20s ago", "3m ago", "2h ago": coarse on purpose, so an idle app redraws the
/// status bar at most every ten seconds.
public enum AgeLabel {
  /// How long ago `date` was, coarsely.
  public static func text(since date: Date, now: Date) -> String {
    text(age: now.timeIntervalSince(date))
  }

  /// An age of `age` seconds, coarsely, as `text(since:now:)` says it.
  public static func text(age: TimeInterval) -> String {
    let seconds = Int(age)
    switch seconds {
    case ..<10: return "just now"
    case ..<60: return "\(seconds / 10 * 10)s ago"
    case ..<3600: return "\(seconds / 60)m ago"
    default: return "\(seconds / 3600)h ago"
    }
  }

  /// The moment `text(since:now:)` will next read differently, on the exact step boundary.
  public static func nextChangeDate(since date: Date, now: Date) -> Date {
    let elapsed = max(0, now.timeIntervalSince(date))
    let step: Double = elapsed < 60 ? 10 : elapsed < 3600 ? 60 : 3600
    return date.addingTimeInterval(((elapsed / step).rounded(.down) + 1) * step)
  }
}
