import ApexyLoader
import Foundation

/// What a loader's policies say beside its state, as plain values: a retry being waited for,
/// when the content was last confirmed, the rate limit left, and the pages of a paginated load.
public struct LoaderStatus: Sendable, Equatable {
  /// The retry being waited for, `nil` when none is.
  public var retry: RetryCountdown?
  /// When the server last confirmed the content, and whether by `304 Not Modified`.
  public var freshness: Freshness
  /// Seconds after which unconfirmed content is stale, `nil` for never.
  public var staleAfter: TimeInterval?
  /// The rate limit the last response stated, if it stated one.
  public var rateLimit: RateLimit?
  /// When the answer that stated `rateLimit` arrived, to tell the newest answer's figure from
  /// an older one; `nil` when not known.
  public var rateLimitAt: Date?
  /// The pages of the latest paginated load, under way or ended; a new page is a new status.
  public var pages: PageProgress?

  /// Creates a value from its parts.
  public init(
    retry: RetryCountdown? = nil, freshness: Freshness = Freshness(),
    staleAfter: TimeInterval? = nil, rateLimit: RateLimit? = nil, rateLimitAt: Date? = nil,
    pages: PageProgress? = nil
  ) {
    self.retry = retry
    self.freshness = freshness
    self.staleAfter = staleAfter
    self.rateLimit = rateLimit
    self.rateLimitAt = rateLimitAt
    self.pages = pages
  }

  /// The pages of a load under way (`isLoading`) once it read one; `nil` before, as the pages
  /// kept are then those of the load before it, which ended complete or at the cap.
  public func pagesSoFar(isLoading: Bool) -> PageProgress? {
    guard isLoading, let pages, !pages.isComplete, !pages.stoppedEarly else { return nil }
    return pages
  }

  /// How long the content has gone unconfirmed, when that makes it stale at `now`.
  public func staleAge(at now: Date) -> TimeInterval? {
    guard freshness.isStale(at: now, staleAfter: staleAfter) else { return nil }
    return freshness.age(at: now)
  }

  /// When the content turns stale, if it is not stale yet at `now`.
  public func staleDate(after now: Date) -> Date? {
    guard let staleAfter, let confirmed = freshness.lastConfirmed else { return nil }
    let date = confirmed.addingTimeInterval(staleAfter)
    return date > now ? date : nil
  }
}

/// A retry being waited for, counted down in whole seconds.
public struct RetryCountdown: Sendable, Equatable {
  /// The retry this is, 1 for the first.
  public var retry: Int
  /// The most retries allowed.
  public var maxRetries: Int
  /// When the retry is sent.
  public var nextAttempt: Date
  /// The failure being retried; not compared, as `LoadingState` does not compare errors.
  public var error: Error?

  /// Creates a value from its parts.
  public init(retry: Int, maxRetries: Int, nextAttempt: Date, error: Error? = nil) {
    self.retry = retry
    self.maxRetries = maxRetries
    self.nextAttempt = nextAttempt
    self.error = error
  }

  /// The countdown of a loader's retry status.
  public init(_ status: RetryStatus) {
    self.init(
      retry: status.retry, maxRetries: status.maxRetries, nextAttempt: status.nextAttempt,
      error: status.error)
  }

  /// Countdowns are equal when they count down to the same attempt.
  public static func == (lhs: RetryCountdown, rhs: RetryCountdown) -> Bool {
    lhs.retry == rhs.retry && lhs.maxRetries == rhs.maxRetries
      && lhs.nextAttempt == rhs.nextAttempt
  }

  /// Whole seconds left at `now`, rounded up: 4 from 3.2 s on to 3.0 s.
  public func secondsLeft(at now: Date) -> Int {
    Int(max(0, nextAttempt.timeIntervalSince(now)).rounded(.up))
  }

  /// The next moment `secondsLeft` reads differently, `nil` once the wait is over.
  public func nextChange(after now: Date) -> Date? {
    let left = secondsLeft(at: now)
    guard left > 0 else { return nil }
    return nextAttempt.addingTimeInterval(-Double(left - 1))
  }

  /// "retrying in 4s (2/3)" while the wait lasts, then "retrying (2/3)" while the retry is in
  /// flight (not "retrying in 0s" for as long as it takes).
  public func text(at now: Date) -> String {
    let left = secondsLeft(at: now)
    return (left > 0 ? "retrying in \(left)s" : "retrying") + " (\(retry)/\(maxRetries))"
  }
}
