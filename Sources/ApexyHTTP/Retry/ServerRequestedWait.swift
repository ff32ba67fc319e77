import Foundation

/// An error whose server asked for a pause before the next request without naming a time in
/// its headers, as GitHub's secondary rate limit asks for at least a minute in its body.
///
/// `RetryPolicy` reads it from the error an endpoint's `validate` threw: a positive
/// ``minimumWait`` makes the failure transient, retried no sooner than that many seconds from
/// now (or later, when the response names a later time); a wait longer than
/// `RetryPolicy.maxServerWait` fails at once with `RetryLaterError`. A wait of 0 or less asks
/// for nothing, and the error is classified as any other.
///
/// ```swift
/// enum APIError: Error, ServerRequestedWait {
///   case slowDown
///   var minimumWait: TimeInterval { 60 }
/// }
/// ```
public protocol ServerRequestedWait: Error {
  /// The least time to wait before the next request, in seconds; 0 or less for no wait.
  var minimumWait: TimeInterval { get }
}
