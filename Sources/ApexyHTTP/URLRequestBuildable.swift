import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Helpers that build the usual requests; adopt it in an endpoint to use them.
public protocol URLRequestBuildable {}

extension URLRequestBuildable {
  /// A GET request; query items, when given, are appended to the URL.
  public func get(_ url: URL, queryItems: [URLQueryItem]? = nil) -> URLRequest {
    guard let queryItems, !queryItems.isEmpty,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else {
      return URLRequest(url: url)
    }
    components.queryItems = (components.queryItems ?? []) + queryItems
    return URLRequest(url: components.url(relativeTo: url.baseURL) ?? url)
  }

  /// A POST request with the body and its `Content-Type`.
  public func post(_ url: URL, body: HTTPBody?) -> URLRequest {
    request(url, method: "POST", body: body)
  }

  /// A PATCH request with the body and its `Content-Type`.
  public func patch(_ url: URL, body: HTTPBody?) -> URLRequest {
    request(url, method: "PATCH", body: body)
  }

  /// A PUT request with the body and its `Content-Type`.
  public func put(_ url: URL, body: HTTPBody?) -> URLRequest {
    request(url, method: "PUT", body: body)
  }

  /// A DELETE request.
  public func delete(_ url: URL) -> URLRequest {
    request(url, method: "DELETE", body: nil)
  }

  private func request(_ url: URL, method: String, body: HTTPBody?) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method
    if let body {
      request.httpBody = body.data
      request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
    }
    return request
  }
}
