import AppCore
import Foundation

/// The event loop's one timer, on the main queue.
@MainActor
final class DispatchWakeScheduler: WakeScheduler {
  private var pending: DispatchWorkItem?

  /// Calls `fire` on the main queue at `date`, replacing the wake scheduled before.
  func schedule(at date: Date, _ fire: @escaping @MainActor () -> Void) {
    cancel()
    let item = DispatchWorkItem { MainActor.assumeIsolated { fire() } }
    pending = item
    let delay = max(0, date.timeIntervalSinceNow)
    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
  }

  /// Drops the pending wake.
  func cancel() {
    pending?.cancel()
    pending = nil
  }
}
