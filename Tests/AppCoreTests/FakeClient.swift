import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` that records requests and completes them on the main thread when a test says so.
final class FakeClient: Client, @unchecked Sendable {
  private let lock = NSLock()
  private var pending: [(path: String, complete: (Result<Any, Error>) -> Void)] = []

  /// The paths of the requests not completed yet, oldest first.
  var pendingPaths: [String] { lock.withLock { pending.map(\.path) } }

  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let path = (try? endpoint.makeRequest().url?.absoluteString) ?? "?"
    lock.withLock {
      pending.append((path, { completionHandler($0.map { $0 as! T.Content }) }))
    }
    return Progress(totalUnitCount: 1)
  }

  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    completionHandler(.failure(URLError(.unsupportedURL)))
    return Progress(totalUnitCount: 1)
  }

  /// Completes the oldest request whose path ends with `suffix`.
  func complete(_ suffix: String, with result: Result<Any, Error>) {
    let next: ((Result<Any, Error>) -> Void)? = lock.withLock {
      guard let index = pending.firstIndex(where: { $0.path.hasSuffix(suffix) }) else {
        return nil
      }
      return pending.remove(at: index).complete
    }
    next?(result)
  }
}
