import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The outcome of a request: its content or the error that stopped it.
public typealias APIResult<Value> = Result<Value, Error>

extension Result where Failure == Error {
  /// The error of a failure, `nil` for a success.
  public var error: Error? {
    switch self {
    case .success: return nil
    case .failure(let error): return error
    }
  }
}

/// Called once after every response or failure with what was sent and received.
public typealias ResponseObserver = (URLRequest?, HTTPURLResponse?, Data?, Error?) -> Void

/// Sends endpoints and reports their results through completion handlers.
public protocol Client: AnyObject {
  /// Sends a request; cancelling the returned progress cancels it.
  ///
  /// - Parameters:
  ///   - endpoint: Builds the request and decodes its response.
  ///   - completionHandler: Called once with the content or the error that stopped the
  ///     request, on the client's completion queue.
  /// - Returns: The request's progress: the body bytes received; cancel it to cancel the
  ///   request.
  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress

  /// Sends an upload; cancelling the returned progress cancels it.
  ///
  /// - Parameters:
  ///   - endpoint: Builds the request and its body, and decodes the response.
  ///   - completionHandler: Called once with the content or the error that stopped the
  ///     upload, on the client's completion queue.
  /// - Returns: The upload's progress: the body bytes sent; cancel it to cancel the upload.
  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress
}

/// Sends endpoints with async/await; cancelling the task cancels the request.
public protocol ConcurrencyClient: AnyObject {
  /// Sends a request and returns its content.
  ///
  /// - Parameter endpoint: Builds the request and decodes its response.
  /// - Returns: The content `endpoint` decoded.
  /// - Throws: The error that stopped the request: one the endpoint threw (from
  ///   `makeRequest()`, `validate(_:response:data:)` or `content(from:with:)`), or the
  ///   transport's, such as a `URLError`.
  func request<T: Endpoint>(_ endpoint: T) async throws -> T.Content

  /// Sends an upload and returns its content.
  ///
  /// - Parameter endpoint: Builds the request and its body, and decodes the response.
  /// - Returns: The content `endpoint` decoded.
  /// - Throws: The error that stopped the upload, as ``request(_:)`` throws them.
  func upload<T: UploadEndpoint>(_ endpoint: T) async throws -> T.Content
}
