import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An error that carries the HTTP response it came from, so policies can read its status and
/// headers.
///
/// Loaders with policies already see the response of every failed request they send; adopt
/// this in an app's own error type (thrown from `Endpoint.validate`) so that code outside a
/// loader, such as `RetryPolicy.classify(_:now:)`, can read it too:
///
/// ```swift
/// struct APIError: Error, HTTPResponseError {
///   let response: HTTPURLResponse
/// }
/// ```
public protocol HTTPResponseError: Error {
  /// The response whose status and headers caused the error.
  var response: HTTPURLResponse { get }
}

/// An error from an endpoint's `validate` or `content`, with the response it was about, as a
/// retry policy reads it; loaders and the client unwrap it before anyone else sees the error.
package struct ResponseFailure: Error {
  /// The error the endpoint threw.
  package let underlying: Error
  /// The response it threw for.
  package let response: HTTPURLResponse
  /// Whether the error came from decoding the body rather than validating the response.
  package let isDecoding: Bool

  /// Wraps `underlying`, thrown for `response`.
  package init(underlying: Error, response: HTTPURLResponse, isDecoding: Bool) {
    self.underlying = underlying
    self.response = response
    self.isDecoding = isDecoding
  }
}

extension Error {
  /// The error the endpoint threw, without the response wrapper loaders add (a request-life
  /// observer sees the wrapped error of a request sent through policies).
  public var unwrappingResponse: Error {
    (self as? ResponseFailure)?.underlying ?? self
  }

  /// The HTTP response this error is about, when it carries one.
  package var httpResponse: HTTPURLResponse? {
    if let failure = self as? ResponseFailure { return failure.response }
    return (self as? HTTPResponseError)?.response
  }
}
