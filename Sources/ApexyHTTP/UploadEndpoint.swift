import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What an upload sends as its body.
public enum UploadEndpointBody {
  /// Bytes held in memory.
  case data(Data)
  /// The contents of a local file.
  case file(URL)
  /// A stream; `URLSessionClient` on Linux answers it with `UploadError.streamNotSupported`.
  case stream(InputStream)
}

/// An upload to an API and the way its response turns into content.
public protocol UploadEndpoint {
  /// The value a successful response decodes to.
  associatedtype Content

  /// Builds the request and the body to upload.
  ///
  /// - Returns: The request, before the client's adapter sees it, and the body to send.
  /// - Throws: Any error, to fail the upload before anything is sent.
  func makeRequest() throws -> (URLRequest, UploadEndpointBody)

  /// Decodes the content from a response and its body.
  ///
  /// - Parameters:
  ///   - response: The response, an `HTTPURLResponse` for HTTP.
  ///   - body: The response body, whole (empty when there was none).
  /// - Returns: The content the upload answers with.
  /// - Throws: Any error, to fail the upload.
  func content(from response: URLResponse?, with body: Data) throws -> Content

  /// Checks an HTTP response before its content is decoded; throws to fail the upload.
  ///
  /// Apexy's `UploadEndpoint` has no such step; here it runs for uploads as for requests.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent (after the client's adapter).
  ///   - response: The response: its status and header fields.
  ///   - data: The response body.
  /// - Throws: An error of the app's, which fails the upload as it is.
  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws
}

extension UploadEndpoint {
  /// Accepts every response.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent.
  ///   - response: The response.
  ///   - data: The response body.
  /// - Throws: Nothing; an endpoint that checks responses implements its own.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {}
}

/// Why an upload could not be started.
public enum UploadError: LocalizedError, Equatable, CustomStringConvertible {
  /// `UploadEndpointBody.stream` is not supported by this client.
  case streamNotSupported

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .streamNotSupported:
      return "Uploading from an InputStream is not supported on Linux; use .data or .file instead."
    }
  }

  /// The same sentence as `description`, for `localizedDescription`.
  public var errorDescription: String? { description }
}
