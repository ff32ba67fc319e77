import Foundation
import Locking
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Changes a request before it is sent, for example to make its URL absolute.
public protocol RequestAdapter {
  /// Returns the request to send in place of the given one.
  ///
  /// Called for every request after the endpoint's `makeRequest()`, on the thread that calls
  /// the client.
  ///
  /// - Parameter urlRequest: The request the endpoint made.
  /// - Returns: The request to send.
  /// - Throws: Any error, to fail the request before it is sent.
  func adapt(_ urlRequest: URLRequest) throws -> URLRequest
}

/// Resolves relative request URLs against a base URL, as `URL(string:relativeTo:)` does.
///
/// Resolution follows RFC 3986 (section 5.2), as Apexy's adapter does on Apple platforms: a
/// base's last path segment is replaced unless the base ends with a slash, and a path with a
/// leading slash starts at the host. So `books` against `https://host/api/v1/` is
/// `https://host/api/v1/books`, against `https://host/api/v1` it is `https://host/api/books`,
/// and `/books` against either is `https://host/books`. Give an API base with its trailing
/// slash, and endpoint paths without a leading one.
open class BaseRequestAdapter: RequestAdapter {
  /// The URL that relative request URLs are resolved against; set it to switch environments.
  ///
  /// It may be set on any thread while requests are being adapted on others: each request sees
  /// the old URL or the new one.
  open var baseURL: URL {
    get { storedBaseURL.withLock { $0 } }
    set { storedBaseURL.withLock { $0 = newValue } }
  }

  private let storedBaseURL: Locked<URL>

  /// Creates an adapter for the given base URL.
  ///
  /// - Parameter baseURL: What relative request URLs resolve against; keep its trailing slash
  ///   when relative paths go below it (`https://host/api/v1/`).
  public init(baseURL: URL) {
    storedBaseURL = Locked(baseURL)
  }

  /// Returns the request with its URL resolved against `baseURL`; headers, method, body and
  /// query are kept, and an absolute URL is left as it is.
  ///
  /// - Parameter urlRequest: The request an endpoint made.
  /// - Returns: The request with an absolute URL:
  ///   `URL(string: url.absoluteString, relativeTo: baseURL)`.
  /// - Throws: `URLError(.badURL)` when the request has no URL.
  open func adapt(_ urlRequest: URLRequest) throws -> URLRequest {
    guard let url = urlRequest.url,
      let resolved = URL(string: url.absoluteString, relativeTo: baseURL)
    else { throw URLError.described(.badURL, url: nil, reason: "The request has no URL.") }
    var request = urlRequest
    request.url = resolved.absoluteURL
    return request
  }
}
