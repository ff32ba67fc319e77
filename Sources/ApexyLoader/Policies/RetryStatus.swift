import Foundation

/// A retry a loader is waiting to make: its state stays `.loading` meanwhile.
public struct RetryStatus {
  /// The attempt that will be made next: 2 for the first retry.
  public var attempt: Int
  /// The most attempts the policy allows: its retries plus the first attempt.
  public var maxAttempts: Int
  /// When the next attempt is sent.
  public var nextAttempt: Date
  /// The failure being retried.
  public var error: Error

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - attempt: The attempt made next: 2 for the first retry.
  ///   - maxAttempts: The most attempts the policy allows.
  ///   - nextAttempt: When the next attempt is sent.
  ///   - error: The failure being retried.
  public init(attempt: Int, maxAttempts: Int, nextAttempt: Date, error: Error) {
    self.attempt = attempt
    self.maxAttempts = maxAttempts
    self.nextAttempt = nextAttempt
    self.error = error
  }

  /// The retry this is, 1 for the first: "retry 2 of 3" reads `retry` of `maxRetries`.
  public var retry: Int { attempt - 1 }

  /// The most retries the policy allows.
  public var maxRetries: Int { maxAttempts - 1 }

  /// Seconds from `now` until the next attempt, never negative.
  ///
  /// - Parameter now: The current time (the loader's `scheduler.now`).
  /// - Returns: The wait left, in seconds.
  public func secondsLeft(at now: Date) -> TimeInterval {
    max(0, nextAttempt.timeIntervalSince(now))
  }
}
