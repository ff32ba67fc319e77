import ApexyHTTP
import Foundation
import Locking

/// The clock and timers a loader's policies run on: real time in an app, a manual one in tests.
@MainActor
public protocol LoaderScheduler: AnyObject {
  /// The current time.
  var now: Date { get }

  /// Runs `action` on the main actor after `delay` seconds, unless the result is cancelled first.
  ///
  /// - Parameters:
  ///   - delay: Seconds from now.
  ///   - action: The work to run.
  /// - Returns: The work's handle; cancelling it keeps `action` from running.
  func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ScheduledWork
}

/// Work a scheduler will run later; cancelling it, from any thread, stops it from running.
public final class ScheduledWork: Sendable {
  private struct State {
    var cancelled = false
    var onCancel: (@Sendable () -> Void)?
  }

  private let state: Locked<State>

  /// Creates a handle; `onCancel` runs once, on the first `cancel()`.
  ///
  /// - Parameter onCancel: Called on the first ``cancel()``, on the thread that cancels.
  public init(onCancel: (@Sendable () -> Void)? = nil) {
    state = Locked(State(onCancel: onCancel))
  }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Stops the work from running; later calls do nothing.
  public func cancel() {
    let handler: (@Sendable () -> Void)? = state.withLock { state in
      guard !state.cancelled else { return nil }
      state.cancelled = true
      defer { state.onCancel = nil }
      return state.onCancel
    }
    handler?()
  }
}

/// A scheduler on the wall clock and `DispatchQueue.main`.
@MainActor
public final class MainQueueScheduler: LoaderScheduler {
  /// Creates a scheduler.
  public init() {}

  /// The wall-clock time.
  public var now: Date { Date() }

  /// Runs `action` on the main queue after `delay` seconds (at once for a delay of 0 or less).
  ///
  /// - Parameters:
  ///   - delay: Seconds from now.
  ///   - action: The work to run.
  /// - Returns: The work's handle; cancelling it keeps `action` from running.
  public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ScheduledWork
  {
    let work = ScheduledWork()
    DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) {
      guard !work.isCancelled else { return }
      action()
    }
    return work
  }
}
