import ApexyHTTP
import Foundation

/// Holds back requests while an API's rate limit is used up; share one between the loaders
/// that spend the same limit.
///
/// Loaders given the gate (`LoaderPolicies.rateLimit`) record the limit of every response and
/// ask the gate before every request: with no request left and the reset still ahead, the
/// request is not sent and the load fails at once with `RateLimitExceededError`. From the reset
/// on, requests go through again.
@MainActor
public final class RateLimitGate {
  /// The latest limit a response stated, `nil` before any did.
  public private(set) var current: RateLimit?

  /// Creates a gate that knows no limit yet.
  public init() {}

  /// Records the limit a response stated; responses without one change nothing.
  ///
  /// - Parameter limit: The limit a response stated, or `nil`.
  public func record(_ limit: RateLimit?) {
    guard let limit else { return }
    current = limit
  }

  /// The error that stops a request at `now`, `nil` when it may be sent.
  ///
  /// - Parameter now: The current time.
  /// - Returns: A ``RateLimitExceededError`` while the limit is used up, else `nil`.
  public func check(now: Date) -> RateLimitExceededError? {
    guard let current, current.isExhausted(at: now) else { return nil }
    return RateLimitExceededError(limit: current)
  }
}

/// A request was not sent because the rate limit is used up until `reset`.
public struct RateLimitExceededError: LocalizedError, Equatable, Sendable {
  /// The limit as last stated, with no request remaining.
  public let limit: RateLimit

  /// Creates the error for `limit`.
  ///
  /// - Parameter limit: The limit as last stated.
  public init(limit: RateLimit) {
    self.limit = limit
  }

  /// When requests may be sent again.
  public var reset: Date { limit.reset }

  /// "The rate limit of 5000 requests is used up; it resets at 14:05:07."
  public var errorDescription: String? {
    "The rate limit of \(limit.limit) requests is used up; it resets at \(LocalTime.string(reset))."
  }
}
