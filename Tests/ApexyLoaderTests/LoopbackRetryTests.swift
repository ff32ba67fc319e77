import ApexyHTTP
import ApexyLoader
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@MainActor
final class LoopbackRetryTests: XCTestCase {
  func testAFlakyRouteRecoversThroughURLSessionClient() async throws {
    let requests = Counter()
    let server = HTTPServer { _ in
      requests.increment()
      if requests.value <= 2 { return .respond(HTTPResponse(status: 503)) }
      return .respond(HTTPResponse(body: Data("recovered".utf8)))
    }
    try server.start()
    defer { server.stop() }
    let loader = LoopbackTextLoader(apiClient: URLSessionClient(baseURL: server.baseURL))
    loader.policies = LoaderPolicies(retry: RetryPolicy(maxRetries: 3, baseDelay: 0.01))
    var retries: [Int] = []
    let observation = loader.observe {
      if let retry = loader.retryStatus, retries.last != retry.retry { retries.append(retry.retry) }
    }

    await loader.loadToEnd()
    XCTAssertEqual(loader.state, .success(content: "recovered"))
    XCTAssertEqual(retries, [1, 2])
    XCTAssertEqual(requests.value, 3)
    withExtendedLifetime(observation) {}
  }

  func testReleasingTheLoaderCancelsTheRequestTheServerHoldsOpen() async throws {
    let server = HTTPServer { _ in .neverAnswer }
    try server.start()
    defer { server.stop() }
    let client = URLSessionClient(baseURL: server.baseURL)
    var loader: LoopbackTextLoader? = LoopbackTextLoader(apiClient: client)
    loader?.policies = LoaderPolicies(retry: RetryPolicy())
    loader?.load()
    let progress = loader?.progress
    loader = nil
    XCTAssertEqual(progress?.isCancelled, true)
    let deadline = Date().addingTimeInterval(5)
    var left = 1
    while left > 0, Date() < deadline {
      left = await withCheckedContinuation { continuation in
        client.session.getAllTasks { continuation.resume(returning: $0.count) }
      }
      if left > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
    }
    XCTAssertEqual(left, 0, "the task left the session")
  }
}
