import ApexyHTTP
import Foundation

/// The clock and timers a loader's policies run on: real time in an app, a manual one in tests.
@MainActor
public protocol LoaderScheduler: AnyObject {
  /// The current time.
  var now: Date { get }

  /// Runs `action` on the main actor after `delay` seconds, unless the result is cancelled first.
  func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ScheduledWork
}

/// Work a scheduler will run later; cancelling it, from any thread, stops it from running.
public final class ScheduledWork: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false
  private var onCancel: (@Sendable () -> Void)?

  /// Creates a handle; `onCancel` runs once, on the first `cancel()`.
  public init(onCancel: (@Sendable () -> Void)? = nil) {
    self.onCancel = onCancel
  }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { lock.withLock { cancelled } }

  /// Stops the work from running; later calls do nothing.
  public func cancel() {
    let handler: (@Sendable () -> Void)? = lock.withLock {
      guard !cancelled else { return nil }
      cancelled = true
      defer { onCancel = nil }
      return onCancel
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
  public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void)
    -> ScheduledWork
  {
    let box = UncheckedSendableBox(action)
    let item = DispatchWorkItem {
      MainActor.assumeIsolated { box.value() }
    }
    let itemBox = UncheckedSendableBox(item)
    let work = ScheduledWork(onCancel: { itemBox.value.cancel() })
    DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay), execute: item)
    return work
  }
}
