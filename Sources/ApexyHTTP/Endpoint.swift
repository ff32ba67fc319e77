import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request to an API and the way its response turns into content.
public protocol Endpoint {
  /// The value a successful response decodes to.
  associatedtype Content

  /// Builds the request to send.
  ///
  /// Called first, on the thread that calls the client. Its URL may be relative: the client's
  /// ``RequestAdapter`` (``BaseRequestAdapter``) resolves it.
  ///
  /// - Returns: The request, before the client's adapter sees it.
  /// - Throws: Any error, to fail the request before anything is sent; it reaches the
  ///   completion (or the `await`) as it is.
  func makeRequest() throws -> URLRequest

  /// Decodes the content from a response and its body.
  ///
  /// Called last, after ``validate(_:response:data:)`` accepted an HTTP response.
  ///
  /// - Parameters:
  ///   - response: The response, an `HTTPURLResponse` for HTTP.
  ///   - body: The response body, whole (empty when there was none).
  /// - Returns: The content the request was for.
  /// - Throws: Any error, to fail the request; a `DecodingError` reaches the caller as it is.
  func content(from response: URLResponse?, with body: Data) throws -> Content

  /// Checks an HTTP response before its content is decoded; throws to fail the request.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent (after the client's adapter).
  ///   - response: The response: its status and header fields.
  ///   - data: The response body.
  /// - Throws: An error of the app's (a status it does not accept, an error the API put in the
  ///   body), which fails the request as it is; the content is then not decoded.
  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws

  /// What the request is for, as the client's request-life observers see it
  /// (``RequestLifeEvent/subject``): the owner whose list a page belongs to, say, so an observer
  /// routes the request's events without reading its URL. `nil` by default.
  var requestSubject: String? { get }
}

extension Endpoint {
  /// Accepts every response.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent.
  ///   - response: The response.
  ///   - data: The response body.
  /// - Throws: Nothing; an endpoint that checks responses implements its own.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {}

  /// No subject: request-life observers know the request by its URL alone.
  public var requestSubject: String? { nil }
}
