import ApexyLoader
import Foundation

/// A `LoaderScheduler` whose time moves only when a test advances it.
///
/// Scheduled work runs inside `advance`, in the order it falls due (ties in the order it was
/// scheduled), with `now` set to its due time; work scheduled meanwhile runs too if it falls
/// due before the target time.
@MainActor
public final class ManualScheduler: LoaderScheduler {
  private struct Entry {
    let due: Date
    let order: Int
    let work: ScheduledWork
    let action: @MainActor () -> Void
  }

  /// The current time.
  public private(set) var now: Date
  private var entries: [Entry] = []
  private var nextOrder = 0

  /// Creates a scheduler whose clock reads `now`.
  ///
  /// - Parameter now: The time the clock starts at; a fixed date by default, so tests that
  ///   print times print the same ones.
  public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    self.now = now
  }

  /// Keeps `action` until the clock reaches `now + delay`.
  ///
  /// - Parameters:
  ///   - delay: Seconds from `now`; a negative delay is 0.
  ///   - action: The work, run inside ``advance(by:)`` or ``advance(to:)``.
  /// - Returns: The work's handle; cancelling it keeps `action` from running.
  public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ScheduledWork
  {
    let work = ScheduledWork()
    entries.append(
      Entry(
        due: now.addingTimeInterval(max(0, delay)), order: nextOrder, work: work, action: action)
    )
    nextOrder += 1
    return work
  }

  /// How many scheduled actions are waiting (not run, not cancelled).
  public var pendingCount: Int {
    entries.filter { !$0.work.isCancelled }.count
  }

  /// When the next waiting action falls due, `nil` when none waits.
  public var nextDueDate: Date? {
    entries.filter { !$0.work.isCancelled }.map(\.due).min()
  }

  /// Moves the clock forward by `seconds`, running every action that falls due on the way.
  ///
  /// - Parameter seconds: How far to move the clock.
  public func advance(by seconds: TimeInterval) {
    advance(to: now.addingTimeInterval(seconds))
  }

  /// Moves the clock to `date` (never backwards), running every action due by then.
  ///
  /// - Parameter date: The time to move the clock to.
  public func advance(to date: Date) {
    while let index = nextIndex(dueBy: date) {
      let entry = entries.remove(at: index)
      now = max(now, entry.due)
      entry.action()
    }
    now = max(now, date)
  }

  /// Runs whatever is due now without moving the clock.
  public func runDue() {
    advance(to: now)
  }

  private func nextIndex(dueBy date: Date) -> Int? {
    entries.removeAll { $0.work.isCancelled }
    var best: Int?
    for (index, entry) in entries.enumerated() where entry.due <= date {
      if let current = best {
        let other = entries[current]
        if (entry.due, entry.order) < (other.due, other.order) { best = index }
      } else {
        best = index
      }
    }
    return best
  }
}
