import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Changes a request before it is sent, for example to make its URL absolute.
public protocol RequestAdapter {
  /// Returns the request to send in place of the given one.
  func adapt(_ urlRequest: URLRequest) throws -> URLRequest
}

/// Resolves relative request URLs against a base URL.
open class BaseRequestAdapter: RequestAdapter {
  /// The URL that relative request URLs are resolved against; set it to switch environments.
  ///
  /// It is read as a folder, with or without a trailing slash. It may be set on any thread
  /// while requests are being adapted on others: each request sees the old URL or the new one.
  open var baseURL: URL {
    get { storedBaseURL.withLock { $0 } }
    set { storedBaseURL.withLock { $0 = newValue } }
  }

  private let storedBaseURL: Locked<URL>

  /// Creates an adapter for the given base URL.
  public init(baseURL: URL) {
    storedBaseURL = Locked(baseURL)
  }

  /// Returns the request with its URL resolved against `baseURL`; headers and query are kept.
  open func adapt(_ urlRequest: URLRequest) throws -> URLRequest {
    guard let url = urlRequest.url else { throw URLError(.badURL) }
    var request = urlRequest
    request.url = Self.resolve(url, against: baseURL)
    return request
  }

  static func resolve(_ url: URL, against base: URL) -> URL {
    if url.scheme != nil { return url }
    // Treat the base as a directory, so "books/10" under "https://host/api" is "/api/books/10".
    let baseString =
      base.absoluteString.hasSuffix("/") ? base.absoluteString : base.absoluteString + "/"
    var relative = url.relativeString
    while relative.hasPrefix("/") { relative.removeFirst() }
    let directory = URL(string: baseString) ?? base
    return URL(string: relative, relativeTo: directory)?.absoluteURL ?? url
  }
}
