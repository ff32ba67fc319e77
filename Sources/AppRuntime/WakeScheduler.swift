import Foundation

/// Runs one callback at a time, later: the only timer the event loop has.
@MainActor
public protocol WakeScheduler: AnyObject {
  /// Calls `fire` at `date` (at once when it is past), replacing any wake scheduled before.
  func schedule(at date: Date, _ fire: @escaping @MainActor () -> Void)
  /// Drops the wake scheduled before, if any.
  func cancel()
}
