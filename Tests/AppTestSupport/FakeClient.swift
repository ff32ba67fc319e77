import ApexyHTTP
import ApexyLoader
import AppRuntime
import Foundation
import GitHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` that records requests and completes them on the main thread when a test says so.
public final class FakeClient: Client, @unchecked Sendable {
  private let lock = NSLock()
  /// A client with nothing pending.
  public init() {}

  private var pending: [(path: String, complete: (Result<Any, Error>) -> Void)] = []

  /// The paths of the requests not completed yet, oldest first.
  public var pendingPaths: [String] { lock.withLock { pending.map(\.path) } }

  /// Records the request.
  public func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let path = (try? endpoint.makeRequest().url?.absoluteString) ?? "?"
    lock.withLock {
      pending.append((path, { completionHandler($0.map { $0 as! T.Content }) }))
    }
    return Progress(totalUnitCount: 1)
  }

  /// Fails every upload.
  public func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    completionHandler(.failure(URLError(.unsupportedURL)))
    return Progress(totalUnitCount: 1)
  }

  /// Completes the oldest request whose path ends with `suffix`.
  public func complete(_ suffix: String, with result: Result<Any, Error>) {
    let next: ((Result<Any, Error>) -> Void)? = lock.withLock {
      guard let index = pending.firstIndex(where: { $0.path.hasSuffix(suffix) }) else {
        return nil
      }
      return pending.remove(at: index).complete
    }
    next?(result)
  }
}

/// The app's loaders on `client`, without policies (no retry, no revalidation), so a test
/// completes each request with its plain content; `token` is the secret the sanitizer hides.
@MainActor
public func fakeLoaders(_ client: FakeClient, token: String? = nil) -> GitHubLoaders {
  GitHubLoaders(
    client: client,
    configuration: GitHubConfiguration(
      baseURL: URL(string: "http://127.0.0.1:8080")!, owner: "RedMadRobot",
      ownerKind: .organization, token: token),
    policies: LoaderPolicies())
}
