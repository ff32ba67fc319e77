import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Whether a failure may go away by itself.
public enum FailureClassification: Equatable, Sendable {
  /// Worth retrying; not before `notBefore` when the server named a time.
  case transient(notBefore: Date?)
  /// Retrying cannot help.
  case permanent
}

extension RetryPolicy {
  /// The `URLError` codes of failures that may pass: timeouts and lost or unreachable servers.
  /// A host name that does not resolve (`.cannotFindHost`, `.dnsLookupFailed`) is not one: it
  /// fails at once, as a mistyped name or a machine without network does not mend in seconds.
  public static let transientURLErrors: Set<URLError.Code> = [
    .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
  ]

  /// The HTTP statuses retried whatever their headers say.
  public static let transientStatuses: Set<Int> = [429, 500, 502, 503, 504]

  /// Sorts `error` into transient or permanent, reading the response of an error that carries
  /// one (`HTTPResponseError`, or any error a loader with policies received). An error that is
  /// a ``ServerRequestedWait`` with a positive wait is transient, not before that wait from
  /// `now`. A failure of a request the server did not process
  /// (`serverDidNotProcessRequest`) is transient, whatever its code.
  ///
  /// - Parameters:
  ///   - error: The failure: a `URLError`, an error carrying its response, or any other.
  ///   - now: The current time, from which a `Retry-After` in seconds counts.
  /// - Returns: ``FailureClassification/transient(notBefore:)`` for the failures
  ///   ``RetryPolicy`` retries, else ``FailureClassification/permanent``.
  public static func classify(_ error: Error, now: Date) -> FailureClassification {
    if let failure = error as? ResponseFailure, failure.isDecoding { return .permanent }
    if let asked = error.unwrappingResponse as? ServerRequestedWait, asked.minimumWait > 0 {
      let earliest = now.addingTimeInterval(asked.minimumWait)
      let named = error.httpResponse.map { classify($0, now: now) }
      if case .transient(let notBefore?)? = named, notBefore > earliest {
        return .transient(notBefore: notBefore)
      }
      return .transient(notBefore: earliest)
    }
    if let response = error.httpResponse { return classify(response, now: now) }
    if error.serverDidNotProcessRequest { return .transient(notBefore: nil) }
    if let urlError = error.unwrappingResponse as? URLError,
      transientURLErrors.contains(urlError.code)
    {
      return .transient(notBefore: nil)
    }
    return .permanent
  }

  /// Sorts a failed response by its status and rate-limit headers.
  ///
  /// - Parameters:
  ///   - response: The response: its status, `Retry-After` and `x-ratelimit-*` fields.
  ///   - now: The current time, from which a `Retry-After` in seconds counts.
  /// - Returns: ``FailureClassification/transient(notBefore:)`` for 429, 500, 502, 503, 504
  ///   and a rate-limit 403 (not before the time the server named, if any), else
  ///   ``FailureClassification/permanent``.
  public static func classify(_ response: HTTPURLResponse, now: Date) -> FailureClassification {
    let status = response.statusCode
    let retryAfter = response.header("Retry-After").flatMap { retryAfterDate($0, now: now) }
    let remaining = response.header("x-ratelimit-remaining").flatMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    let exhausted = remaining.map { $0 <= 0 } ?? false
    let isRateLimit = status == 403 && (exhausted || retryAfter != nil)
    guard transientStatuses.contains(status) || isRateLimit else { return .permanent }
    var notBefore = retryAfter
    let reset = response.header("x-ratelimit-reset").flatMap {
      TimeInterval($0.trimmingCharacters(in: .whitespaces))
    }.map { Date(timeIntervalSince1970: $0) }
    if exhausted, let reset, reset > now {
      notBefore = max(notBefore ?? reset, reset)
    }
    return .transient(notBefore: notBefore)
  }

  /// The `URLError` `userInfo` key whose value `true` says the server did not process the
  /// request: an HTTP/2 GOAWAY whose last-stream-id is below the request's stream (RFC 9113
  /// section 6.8), before any byte of a response. A transport or a test double sets it.
  public static let requestNotProcessedKey = URLError.requestNotProcessedKey

  /// The time a `Retry-After` value allows: delay seconds from `now`, or an HTTP date.
  ///
  /// - Parameters:
  ///   - value: The field's value: `120`, or `Wed, 21 Oct 2026 07:28:00 GMT`.
  ///   - now: The time the delay counts from.
  /// - Returns: The earliest time for the next request; `nil` when `value` is neither form.
  public static func retryAfterDate(_ value: String, now: Date) -> Date? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(trimmed), seconds >= 0 {
      return now.addingTimeInterval(TimeInterval(seconds))
    }
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: trimmed) { return date }
    }
    return nil
  }
}

extension Error {
  /// Whether the server said it did not process the request (a `URLError` whose `userInfo`
  /// holds ``RetryPolicy/requestNotProcessedKey``): it may be sent again whatever its method.
  public var serverDidNotProcessRequest: Bool {
    guard let error = unwrappingResponse as? URLError else { return false }
    return error.userInfo[URLError.requestNotProcessedKey] as? Bool ?? false
  }
}
