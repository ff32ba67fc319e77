import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loader of `GET text` with real time, for the loopback server.
@MainActor
final class LoopbackTextLoader: WebLoader<String>, ContentLoading {
  let decodes = Counter()

  func load() {
    guard startLoading() else { return }
    request(TextPathEndpoint(path: "text", decodes: decodes))
  }

  /// Loads and waits until the load ends.
  func loadToEnd() async {
    load()
    for await state in states where !state.isLoading { break }
  }
}

@MainActor
final class LoopbackRevalidationTests: XCTestCase {
  func testA304FromTheServerReachesTheLoaderThroughURLSessionClient() async throws {
    let seen = Recorded()
    let server = HTTPServer { request in
      seen.append(request.headers["if-none-match"] ?? "-")
      if request.headers["if-none-match"] == #""v1""# {
        return .respond(HTTPResponse(status: 304, headers: [("ETag", #""v1""#)]))
      }
      return .respond(HTTPResponse(headers: [("ETag", #""v1""#)], body: Data("hello".utf8)))
    }
    try server.start()
    defer { server.stop() }
    let configuration = URLSessionConfiguration.default
    configuration.timeoutIntervalForResource = 10
    let loader = LoopbackTextLoader(
      apiClient: URLSessionClient(baseURL: server.baseURL, configuration: configuration))
    loader.policies = LoaderPolicies(revalidates: true)
    let states = LoaderStateRecorder(loader)

    loader.load()
    await states.expect(
      [.initial, .loading(cache: nil), .success(content: "hello")], timeout: .seconds(10))
    loader.load()
    await states.expect(
      [.success(content: "hello"), .loading(cache: "hello"), .success(content: "hello")],
      timeout: .seconds(10))
    XCTAssertEqual(seen.values, ["-", #""v1""#])
    XCTAssertEqual(loader.lastResponse?.statusCode, 304)
    XCTAssertEqual(loader.freshness.wasNotModified, true)
    XCTAssertEqual(loader.decodes.value, 1)
  }
}

/// Values appended from the server's queue.
final class Recorded: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  var values: [String] { lock.withLock { stored } }

  func append(_ value: String) { lock.withLock { stored.append(value) } }
}
