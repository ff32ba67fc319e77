import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The validators of a response (`ETag`, `Last-Modified`), sent back as `If-None-Match` and
/// `If-Modified-Since` to ask whether it changed.
public struct ResponseValidators: Sendable, Equatable {
  /// The `ETag` value, quotes and `W/` included.
  public var etag: String?
  /// The `Last-Modified` value, as the server wrote it.
  public var lastModified: String?

  /// Creates validators.
  ///
  /// - Parameters:
  ///   - etag: The `ETag` value, quotes and `W/` included.
  ///   - lastModified: The `Last-Modified` value.
  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  /// Reads the validators of a response.
  ///
  /// - Parameter response: The response whose `ETag` and `Last-Modified` are read.
  public init(response: HTTPURLResponse) {
    self.init(etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
  }

  /// Whether the response had neither validator, so it cannot be revalidated.
  public var isEmpty: Bool { etag == nil && lastModified == nil }

  /// `request` asking for the content only if it changed since these validators.
  ///
  /// - Parameter request: The request to make conditional.
  /// - Returns: `request` with `If-None-Match` and `If-Modified-Since` added, where it does not
  ///   set them already.
  public func applied(to request: URLRequest) -> URLRequest {
    var request = request
    if let etag, request.value(forHTTPHeaderField: "If-None-Match") == nil {
      request.setValue(etag, forHTTPHeaderField: "If-None-Match")
    }
    if let lastModified, request.value(forHTTPHeaderField: "If-Modified-Since") == nil {
      request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
    }
    return request
  }
}

/// The answer to a conditional request: new content, or "not modified".
public enum Revalidated<Content> {
  /// The server sent content (status 2xx), with the validators to revalidate it next time.
  case modified(Content, validators: ResponseValidators)
  /// The server answered `304 Not Modified`: the content stored for these validators holds.
  case notModified

  /// The new content, `nil` for "not modified".
  public var content: Content? {
    if case .modified(let content, _) = self { return content }
    return nil
  }
}

extension Revalidated: Sendable where Content: Sendable {}
