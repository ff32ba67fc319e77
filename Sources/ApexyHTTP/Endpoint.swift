import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request to an API and the way its response turns into content.
public protocol Endpoint {
  /// The value a successful response decodes to.
  associatedtype Content

  /// Builds the request to send.
  func makeRequest() throws -> URLRequest

  /// Decodes the content from a response and its body.
  func content(from response: URLResponse?, with body: Data) throws -> Content

  /// Checks an HTTP response before its content is decoded; throws to fail the request.
  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws
}

extension Endpoint {
  /// Accepts every response.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {}
}
