import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Retries transient failures with exponential backoff and full jitter, a bounded number of
/// times, honouring the waits servers ask for; only requests whose method is idempotent,
/// unless the policy names others.
///
/// Retried: `URLError`s of a lost or unreachable connection or a timeout, HTTP 500, 502, 503,
/// 504 and 429, and 403 when it is a rate limit (`x-ratelimit-remaining: 0`, or `Retry-After`).
/// Never retried: a host name that does not resolve, other statuses (400, 401, 404, 407, 422, a
/// plain 403…), a proxy that asks for credentials (`URLError.userAuthenticationRequired`:
/// libcurl's transport reports a tunnel refused with 407 so, and the same request gets the same
/// answer), decoding errors, cancellation, and requests whose method is not in `retriedMethods`
/// (by default GET, HEAD, PUT, DELETE and OPTIONS: a POST or PATCH that timed out may have been
/// applied, and sending it again could apply it twice). A request the server said it did not
/// process (`serverDidNotProcessRequest`: an HTTP/2 GOAWAY below its stream) is
/// retried whatever its method. A `Retry-After` (seconds or HTTP date) or a used-up limit's
/// `x-ratelimit-reset` is waited for exactly, and an endpoint's error that is a
/// `ServerRequestedWait` at least its `minimumWait`; one further away than `maxServerWait`
/// fails at once with `RetryLaterError`.
///
/// A `WebLoader` retries with `LoaderPolicies.retry`; code that calls a client directly can give
/// `URLSessionClient` one (`retryPolicy:`).
///
/// Below the policy, libcurl's transport sends a request again only when its method is
/// repeatable (GET, HEAD, OPTIONS, TRACE, PUT, DELETE) or it carries an `Idempotency-Key`
/// field, when the kept connection it took dies before any answer; any other request (a POST,
/// a PATCH) gets a connection of its own and reaches the server at most once. Adding `"POST"`
/// to `retriedMethods` is this policy's choice alone: mark such requests with an
/// `Idempotency-Key` too, so the server can tell a second copy.
public struct RetryPolicy: Sendable {
  /// The idempotent methods of RFC 9110 that `retriedMethods` holds by default: GET, HEAD, PUT,
  /// DELETE and OPTIONS.
  public static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]

  /// Retries after the first attempt; 0 turns retrying off.
  public var maxRetries: Int
  /// The request methods that may be sent again, in capitals; a request without a method is a
  /// GET. Add `"POST"` only for endpoints the server makes idempotent (an idempotency key).
  public var retriedMethods: Set<String>
  /// The backoff ceiling of the first retry, in seconds; it doubles for each retry after it.
  public var baseDelay: TimeInterval
  /// The largest backoff ceiling, in seconds.
  public var maxDelay: TimeInterval
  /// The longest wait a server may ask for before the failure is reported instead.
  public var maxServerWait: TimeInterval
  /// Picks a number in a range: the jitter source, injectable for tests.
  public var random: @Sendable (ClosedRange<Double>) -> Double

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maxRetries: Retries after the first attempt; 0 turns retrying off.
  ///   - baseDelay: The backoff ceiling of the first retry, in seconds.
  ///   - maxDelay: The largest backoff ceiling, in seconds.
  ///   - maxServerWait: The longest wait a server may ask for, in seconds.
  ///   - retriedMethods: The methods that may be sent again; the idempotent ones by default.
  ///   - random: The jitter source; uniform by default.
  public init(
    maxRetries: Int = 3, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30,
    maxServerWait: TimeInterval = 30, retriedMethods: Set<String> = idempotentMethods,
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
  ) {
    self.maxRetries = max(0, maxRetries)
    self.retriedMethods = retriedMethods
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.maxServerWait = maxServerWait
    self.random = random
  }

  /// The range retry number `retry` (1 for the first) draws its delay from: full jitter over
  /// `0...min(maxDelay, baseDelay × 2^(retry-1))`.
  ///
  /// - Parameter retry: Which retry: 1 for the first.
  /// - Returns: The delays, in seconds, that retry may wait.
  public func backoffRange(forRetry retry: Int) -> ClosedRange<Double> {
    let exponent = Double(min(max(retry - 1, 0), 62))
    return 0...min(maxDelay, baseDelay * pow(2, exponent))
  }

  /// Whether a request with `method` may be sent again: it is in `retriedMethods` (`nil`, a
  /// request without a method, is a GET).
  ///
  /// - Parameter method: The request's `httpMethod`.
  /// - Returns: `true` when a transient failure of such a request may be retried.
  public func retries(method: String?) -> Bool {
    retriedMethods.contains((method ?? "GET").uppercased())
  }

  /// What to do after `error` of a request with `method`, when `retriesSoFar` retries were made
  /// already.
  ///
  /// - Parameters:
  ///   - error: The failure, as the client or loader received it.
  ///   - method: The request's `httpMethod` (`nil` is a GET); a method not in `retriedMethods`
  ///     is retried only when the server did not process the request.
  ///   - retriesSoFar: How many retries were sent already.
  ///   - now: The current time, for `Retry-After` and rate-limit resets.
  /// - Returns: `.retry(after:)` with the wait in seconds, or `.fail` with the error to report.
  public func decision(after error: Error, method: String?, retriesSoFar: Int, now: Date)
    -> RetryDecision
  {
    let visible = error.unwrappingResponse
    guard retries(method: method) || error.serverDidNotProcessRequest,
      case .transient(let notBefore) = Self.classify(error, now: now)
    else {
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
  ///
  /// - Parameters:
  ///   - retryAt: The earliest time the server allows another request.
  ///   - underlying: The failure that asked for the wait.
  public init(retryAt: Date, underlying: Error) {
    self.retryAt = retryAt
    self.underlying = underlying
  }

  /// "The server asked to wait; try again after 14:05:07."
  public var errorDescription: String? {
    "The server asked to wait; try again after \(LocalTime.string(retryAt))."
  }
}
