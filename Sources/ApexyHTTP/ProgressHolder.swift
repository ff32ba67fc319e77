import Foundation
import Locking

/// Holds the progress of an async request so task cancellation can reach it, even when the
/// task is cancelled before the request has started.
final class ProgressHolder: Sendable {
  private struct State {
    var progress: Progress?
    var cancelled = false
  }

  private let state = Locked(State())

  /// Keeps `progress`; cancels it at once if the task was cancelled already.
  func set(_ progress: Progress) {
    let cancelNow = state.withLock { state in
      state.progress = progress
      return state.cancelled
    }
    if cancelNow { progress.cancel() }
  }

  /// Cancels the progress held, or the one set later.
  func cancel() {
    let progress = state.withLock { state in
      state.cancelled = true
      return state.progress
    }
    progress?.cancel()
  }
}
