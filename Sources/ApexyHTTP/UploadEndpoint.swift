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
  func makeRequest() throws -> (URLRequest, UploadEndpointBody)

  /// Decodes the content from a response and its body.
  func content(from response: URLResponse?, with body: Data) throws -> Content

  /// Checks an HTTP response before its content is decoded; throws to fail the upload.
  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws
}

extension UploadEndpoint {
  /// Accepts every response.
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
