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
  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress

  /// Sends an upload; cancelling the returned progress cancels it.
  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress
}

/// Sends endpoints with async/await; cancelling the task cancels the request.
public protocol ConcurrencyClient: AnyObject {
  /// Sends a request and returns its content.
  func request<T: Endpoint>(_ endpoint: T) async throws -> T.Content

  /// Sends an upload and returns its content.
  func upload<T: UploadEndpoint>(_ endpoint: T) async throws -> T.Content
}
