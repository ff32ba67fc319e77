import ApexyHTTP
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

/// An error from an endpoint's `validate` or `content`, with the response it was about; loaders
/// unwrap it before anyone else sees the error.
struct ResponseFailure: Error {
  /// The error the endpoint threw.
  let underlying: Error
  /// The response it threw for.
  let response: HTTPURLResponse
  /// Whether the error came from decoding the body rather than validating the response.
  let isDecoding: Bool
}

extension Error {
  /// The error the endpoint threw, without the response wrapper loaders add (a request-life
  /// observer sees the wrapped error of a request sent through policies).
  public var unwrappingResponse: Error {
    (self as? ResponseFailure)?.underlying ?? self
  }

  /// The HTTP response this error is about, when it carries one.
  var httpResponse: HTTPURLResponse? {
    if let failure = self as? ResponseFailure { return failure.response }
    return (self as? HTTPResponseError)?.response
  }
}

/// An endpoint that keeps the response beside its content and attaches it to its errors.
struct ObservedEndpoint<Base: Endpoint>: Endpoint {
  /// The endpoint sent.
  let base: Base

  func makeRequest() throws -> URLRequest { try base.makeRequest() }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    do {
      try base.validate(request, response: response, data: data)
    } catch {
      throw ResponseFailure(underlying: error, response: response, isDecoding: false)
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> Observed<Base.Content> {
    do {
      return Observed(content: try base.content(from: response, with: body), response: response)
    } catch {
      guard let http = response as? HTTPURLResponse else { throw error }
      throw ResponseFailure(underlying: error, response: http, isDecoding: true)
    }
  }
}

/// Content together with the response it was decoded from.
struct Observed<Content> {
  /// The decoded content.
  let content: Content
  /// The response, `nil` for a non-HTTP one.
  let response: URLResponse?
}
