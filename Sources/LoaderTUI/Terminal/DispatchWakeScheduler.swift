import AppRuntime
import Foundation

/// The event loop's one timer, on the main queue.
@MainActor
final class DispatchWakeScheduler: WakeScheduler {
  /// Counts the wakes asked for: a wake fires only when no other was asked for after it.
  private var generation = 0

  /// Calls `fire` on the main queue at `date`, replacing the wake scheduled before.
  func schedule(at date: Date, _ fire: @escaping @MainActor () -> Void) {
    generation &+= 1
    let wake = generation
    let delay = max(0, date.timeIntervalSinceNow)
    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
      guard let self, self.generation == wake else { return }
      fire()
    }
  }

  /// Drops the pending wake.
  func cancel() {
    generation &+= 1
  }
}
