import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Builds the usual requests; adopt it in an endpoint to use them.
///
/// Each method is a requirement with a default, so a type's own version (a `post` that adds a
/// header, say) is the one generic code calls, and `patch` and `put` build on `post`.
public protocol URLRequestBuildable {
  /// A GET request; query items, when given, replace the URL's query.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - queryItems: The query; `nil` or empty keeps the URL's own.
  /// - Returns: The request.
  func get(_ url: URL, queryItems: [URLQueryItem]?) -> URLRequest
  /// A POST request with the body and its `Content-Type`.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - body: The body and its content type; `nil` for none.
  /// - Returns: The request.
  func post(_ url: URL, body: HTTPBody?) -> URLRequest
  /// A PATCH request with the body and its `Content-Type`.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - body: The body and its content type.
  /// - Returns: The request.
  func patch(_ url: URL, body: HTTPBody) -> URLRequest
  /// A PUT request with the body and its `Content-Type`.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - body: The body and its content type.
  /// - Returns: The request.
  func put(_ url: URL, body: HTTPBody) -> URLRequest
  /// A DELETE request.
  ///
  /// - Parameter url: The URL, usually relative to the client's base URL.
  /// - Returns: The request.
  func delete(_ url: URL) -> URLRequest
}

extension URLRequestBuildable {
  /// A GET request; query items, when given, replace the URL's query.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - queryItems: The query; `nil` (the default) or empty keeps the URL's own.
  /// - Returns: A GET request for `url` with the query, and no header fields.
  public func get(_ url: URL, queryItems: [URLQueryItem]? = nil) -> URLRequest {
    guard let queryItems, !queryItems.isEmpty,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else {
      return URLRequest(url: url)
    }
    components.queryItems = queryItems
    return URLRequest(url: components.url(relativeTo: url.baseURL) ?? url)
  }

  /// A POST request with the body and its `Content-Type`; no other header.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - body: The body and its content type; `nil` for none.
  /// - Returns: A POST request with `httpBody` and `Content-Type` set from `body`.
  public func post(_ url: URL, body: HTTPBody?) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    if let body {
      request.httpBody = body.data
      request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
    }
    return request
  }

  /// A PATCH request: `post` with the method changed.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - body: The body and its content type.
  /// - Returns: What ``post(_:body:)`` makes, with the method `PATCH`.
  public func patch(_ url: URL, body: HTTPBody) -> URLRequest {
    var request = post(url, body: body)
    request.httpMethod = "PATCH"
    return request
  }

  /// A PUT request: `post` with the method changed.
  ///
  /// - Parameters:
  ///   - url: The URL, usually relative to the client's base URL.
  ///   - body: The body and its content type.
  /// - Returns: What ``post(_:body:)`` makes, with the method `PUT`.
  public func put(_ url: URL, body: HTTPBody) -> URLRequest {
    var request = post(url, body: body)
    request.httpMethod = "PUT"
    return request
  }

  /// A DELETE request.
  ///
  /// - Parameter url: The URL, usually relative to the client's base URL.
  /// - Returns: A DELETE request for `url`, without a body.
  public func delete(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "DELETE"
    return request
  }
}
