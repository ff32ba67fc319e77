import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends an endpoint as a conditional request and reports a `304 Not Modified` without
/// decoding anything.
///
/// Built by `RevalidationCache.conditional(_:)`, which fills in the validators stored for the
/// endpoint's URL. A 304 skips the base endpoint's `validate` and `content`; any other response
/// goes through them as usual.
public struct ConditionalEndpoint<Base: Endpoint>: Endpoint {
  /// The endpoint sent.
  public let base: Base
  /// The validators sent with it, `nil` for an unconditional request.
  public let validators: ResponseValidators?
  /// The key its answer is stored under: the URL of the base endpoint's request.
  public let key: String?

  /// Creates a conditional request for `base` with `validators`.
  ///
  /// - Parameters:
  ///   - base: The endpoint to send.
  ///   - validators: What the last answer for its URL said (`ETag`, `Last-Modified`); `nil`
  ///     or empty for an unconditional request.
  public init(_ base: Base, validators: ResponseValidators?) {
    self.base = base
    self.validators = validators
    self.key = RevalidationKey.of(base)
  }

  /// The base request, with `If-None-Match` / `If-Modified-Since` when validators are known.
  ///
  /// - Returns: The base endpoint's request, conditional when there are validators.
  /// - Throws: What the base endpoint's `makeRequest()` throws.
  public func makeRequest() throws -> URLRequest {
    let request = try base.makeRequest()
    guard let validators, !validators.isEmpty else { return request }
    return validators.applied(to: request)
  }

  /// Accepts a 304 to a conditional request; anything else is the base endpoint's to check.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent.
  ///   - response: The response.
  ///   - data: The response body.
  /// - Throws: What the base endpoint's `validate(_:response:data:)` throws, for any response
  ///   but a 304 to a conditional request.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if isNotModified(response) { return }
    try base.validate(request, response: response, data: data)
  }

  /// The base endpoint's subject.
  public var requestSubject: String? { base.requestSubject }

  /// `.notModified` for a 304, else the base endpoint's content with the new validators.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - body: The response body.
  /// - Returns: ``Revalidated/notModified`` for a 304 to a conditional request, else
  ///   ``Revalidated/modified(_:validators:)`` with the base endpoint's content and the
  ///   response's validators.
  /// - Throws: What the base endpoint's `content(from:with:)` throws.
  public func content(from response: URLResponse?, with body: Data) throws -> Revalidated<
    Base.Content
  > {
    guard let http = response as? HTTPURLResponse else {
      return .modified(
        try base.content(from: response, with: body), validators: ResponseValidators())
    }
    if isNotModified(http) { return .notModified }
    return .modified(
      try base.content(from: response, with: body), validators: ResponseValidators(response: http))
  }

  private func isNotModified(_ response: HTTPURLResponse) -> Bool {
    response.statusCode == 304 && validators.map { !$0.isEmpty } == true
  }
}

/// How responses are keyed for revalidation.
enum RevalidationKey {
  /// The absolute string of the endpoint's request URL, `nil` when it has none.
  static func of<E: Endpoint>(_ endpoint: E) -> String? {
    (try? endpoint.makeRequest())?.url?.absoluteString
  }
}
