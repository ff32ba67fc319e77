import Foundation

/// Retries transient failures with exponential backoff and full jitter, a bounded number of
/// times, honouring the waits servers ask for.
///
/// Retried: `URLError`s of a lost or unreachable connection or a timeout, HTTP 500, 502, 503,
/// 504 and 429, and 403 when it is a rate limit (`x-ratelimit-remaining: 0`, or `Retry-After`).
/// Never retried: other statuses (400, 401, 404, 422, a plain 403…), decoding errors,
/// cancellation. A `Retry-After` (seconds or HTTP date) or a used-up limit's `x-ratelimit-reset`
/// is waited for exactly; one further away than `maxServerWait` fails at once with
/// `RetryLaterError`.
public struct RetryPolicy: Sendable {
  /// Retries after the first attempt; 0 turns retrying off.
  public var maxRetries: Int
  /// The backoff ceiling of the first retry, in seconds; it doubles for each retry after it.
  public var baseDelay: TimeInterval
  /// The largest backoff ceiling, in seconds.
  public var maxDelay: TimeInterval
  /// The longest wait a server may ask for before the failure is reported instead.
  public var maxServerWait: TimeInterval
  /// Picks a number in a range: the jitter source, injectable for tests.
  public var random: @Sendable (ClosedRange<Double>) -> Double

  /// Creates a policy; the default `random` is uniform.
  public init(
    maxRetries: Int = 3, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30,
    maxServerWait: TimeInterval = 30,
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
  ) {
    self.maxRetries = max(0, maxRetries)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.maxServerWait = maxServerWait
    self.random = random
  }

  /// The range retry number `retry` (1 for the first) draws its delay from: full jitter over
  /// `0...min(maxDelay, baseDelay × 2^(retry-1))`.
  public func backoffRange(forRetry retry: Int) -> ClosedRange<Double> {
    let exponent = Double(min(max(retry - 1, 0), 62))
    return 0...min(maxDelay, baseDelay * pow(2, exponent))
  }

  /// What to do after `error` when `retriesSoFar` retries were made already.
  public func decision(after error: Error, retriesSoFar: Int, now: Date) -> RetryDecision {
    let visible = error.unwrappingResponse
    guard case .transient(let notBefore) = Self.classify(error, now: now) else {
      return .fail(visible)
    }
    if let notBefore, notBefore.timeIntervalSince(now) > maxServerWait {
      return .fail(RetryLaterError(retryAt: notBefore, underlying: visible))
    }
    guard retriesSoFar < maxRetries else { return .fail(visible) }
    if let notBefore { return .retry(after: max(0, notBefore.timeIntervalSince(now))) }
    let range = backoffRange(forRetry: retriesSoFar + 1)
    return .retry(after: min(max(random(range), range.lowerBound), range.upperBound))
  }
}

/// What a retry policy decided about a failure.
public enum RetryDecision {
  /// Send again after this many seconds.
  case retry(after: TimeInterval)
  /// Stop and report this error.
  case fail(Error)
}

/// A server asked to wait longer than the retry policy allows; try again at `retryAt`.
public struct RetryLaterError: LocalizedError {
  /// The earliest time the server allows another request.
  public let retryAt: Date
  /// The failure that asked for the wait.
  public let underlying: Error

  /// Creates the error.
  public init(retryAt: Date, underlying: Error) {
    self.retryAt = retryAt
    self.underlying = underlying
  }

  /// "The server asked to wait; try again after 14:05:07."
  public var errorDescription: String? {
    "The server asked to wait; try again after \(LocalTime.string(retryAt))."
  }
}
