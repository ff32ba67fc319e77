import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` that records requests and completes them when a test says so.
final class FakeClient: Client, @unchecked Sendable {
  struct Pending {
    let path: String
    let progress: Progress
    let complete: (Result<Any, Error>) -> Void
  }

  private let lock = NSLock()
  private var pending: [Pending] = []

  /// Requests not completed yet, oldest first.
  var requests: [Pending] { lock.withLock { pending } }

  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    let path = (try? endpoint.makeRequest().url?.absoluteString) ?? "?"
    lock.withLock {
      pending.append(
        Pending(path: path, progress: progress) { result in
          completionHandler(result.map { $0 as! T.Content })
        })
    }
    return progress
  }

  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    completionHandler(.failure(URLError(.unsupportedURL)))
    return progress
  }

  /// Completes the oldest pending request with `result`, on `queue` when one is given.
  func completeNext(with result: Result<Any, Error>, on queue: DispatchQueue? = nil) {
    let next = lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
    guard let next else { return }
    if let queue {
      // Completed on `queue` only, as a client completes on its completion queue.
      queue.async(execute: uncheckedSendable { next.complete(result) })
    } else {
      next.complete(result)
    }
  }
}

/// An endpoint whose content is whatever the fake client completes it with.
struct PathEndpoint<Content>: Endpoint {
  let path: String

  func makeRequest() throws -> URLRequest { URLRequest(url: URL(string: path)!) }
  func content(from response: URLResponse?, with body: Data) throws -> Content {
    fatalError("the fake client never decodes")
  }
}
