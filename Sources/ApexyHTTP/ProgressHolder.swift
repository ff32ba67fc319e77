import Foundation

/// Holds the progress of an async request so task cancellation can reach it, even when the
/// task is cancelled before the request has started.
final class ProgressHolder: @unchecked Sendable {
  private let lock = NSLock()
  private var progress: Progress?
  private var cancelled = false

  /// Keeps `progress`; cancels it at once if the task was cancelled already.
  func set(_ progress: Progress) {
    let cancelNow = lock.withLock {
      self.progress = progress
      return cancelled
    }
    if cancelNow { progress.cancel() }
  }

  /// Cancels the progress held, or the one set later.
  func cancel() {
    let progress = lock.withLock {
      cancelled = true
      return self.progress
    }
    progress?.cancel()
  }
}
