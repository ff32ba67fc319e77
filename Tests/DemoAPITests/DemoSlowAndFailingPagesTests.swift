import DemoOptions
import Foundation
import XCTest

@testable import DemoAPI
@testable import LoopbackHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Each page of an owner's repositories held for `--page-latency`, as GitHub holds a page of 100
/// for 0.3–1 s.
final class DemoSlowAndFailingPagesTests: XCTestCase {
  private var base = ""

  /// A started server with `options` as they are (delays included).
  private func serve(_ options: DemoServer.Options) throws -> DemoServer {
    let server = DemoServer(options: options)
    base = try server.start().absoluteString
    addTeardownBlock { server.stop() }
    return server
  }

  /// `path` as the loopback server would hand it to the demo server.
  private func request(_ path: String) throws -> HTTPRequest {
    try XCTUnwrap(HTTPRequest.parse(head: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1"))
  }

  /// The main organization's repositories page `page`, 10 a page.
  private func pagePath(_ page: Int) -> String {
    "/orgs/RedMadRobot/repos?per_page=10&page=\(page)"
  }

  /// The status of `path` over HTTP.
  private func status(_ path: String) async throws -> Int {
    let (_, response) = try await URLSession.shared.data(
      from: try XCTUnwrap(URL(string: base + path)))
    return try XCTUnwrap(response as? HTTPURLResponse).statusCode
  }

  func testEachPageIsHeldForThePageLatency() async throws {
    let latency = 0.05
    _ = try serve(
      DemoServer.Options(organizationLatency: 0, repositoriesLatency: 0, pageLatency: latency))
    let clock = ContinuousClock()
    for page in 1...4 {
      let start = clock.now
      let answered = try await status(pagePath(page))
      let elapsed = clock.now - start
      XCTAssertEqual(answered, 200)
      XCTAssertGreaterThanOrEqual(elapsed, .seconds(latency), "page \(page)")
    }
  }

  /// The page latency replaces the repositories latency spread over the pages, for every
  /// answer of the repositories route, and leaves the profile alone.
  func testThePageLatencyReplacesTheSpreadAndLeavesTheProfileAlone() throws {
    let server = try serve(
      DemoServer.Options(organizationLatency: 0.25, repositoriesLatency: 5, pageLatency: 0.75))
    func delay(_ path: String) throws -> TimeInterval? {
      guard case .respond(let response) = server.handle(try request(path)) else { return nil }
      return response.delay
    }
    XCTAssertEqual(try delay(pagePath(1)), 0.75, "not 5 s over 4 pages")
    XCTAssertEqual(try delay("/users/carol/repos"), 0.75)
    XCTAssertEqual(try delay("/orgs/RedMadRobot"), 0.25)
    XCTAssertEqual(try delay("/users/alice"), 0.25)
    let spread = try serve(DemoServer.Options(organizationLatency: 0.25, repositoriesLatency: 5))
    guard case .respond(let page) = spread.handle(try request(pagePath(1))) else {
      return XCTFail("no answer")
    }
    XCTAssertEqual(page.delay, 1.25, "without it, 5 s over the fixtures' 4 pages")
  }
}
