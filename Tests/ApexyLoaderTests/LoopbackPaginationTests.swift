import ApexyHTTP
import ApexyLoader
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@MainActor
final class LoopbackPaginationTests: XCTestCase {
  /// 50 pages of 100 items each, every page with an `ETag`; a matching `If-None-Match` gets 304.
  private func serveFiftyPages(changing changedPage: Recorded) throws -> HTTPServer {
    let server = HTTPServer { request in
      let page = Int(request.queryValue("page") ?? "") ?? 1
      let version = changedPage.values.contains("\(page)") ? "b" : "a"
      let etag = #""p\#(page)\#(version)""#
      var headers = [("ETag", etag)]
      if page < 50 { headers.append(("Next", "list?page=\(page + 1)")) }
      if request.headers["if-none-match"] == etag {
        return .respond(HTTPResponse(status: 304, headers: headers))
      }
      let items = (1...100).map { "repository-\(page)-\($0)-\(version)" }
      return .respond(HTTPResponse(headers: headers, body: Data(items.joined(separator: ",").utf8)))
    }
    try server.start()
    return server
  }

  func testAnUnchangedReloadOfFiftyPagesReceivesNoBodiesAndDecodesNothing() async throws {
    let changed = Recorded()
    let server = try serveFiftyPages(changing: changed)
    defer { server.stop() }
    let bodyBytes = Counter()
    let client = URLSessionClient(
      baseURL: server.baseURL,
      responseObserver: { _, _, data, _ in bodyBytes.add(data?.count ?? 0) })
    let loader = PagesLoader(apiClient: client)

    loader.load()
    for await state in loader.states where !state.isLoading { break }
    let firstBytes = bodyBytes.value
    XCTAssertGreaterThan(firstBytes, 90_000)
    XCTAssertEqual(loader.state.content?.count, 5_000)
    XCTAssertEqual(loader.decodes.value, 50)

    loader.load()
    for await state in loader.states where !state.isLoading { break }
    XCTAssertEqual(bodyBytes.value, firstBytes, "a 304 has no body")
    XCTAssertEqual(loader.decodes.value, 50, "no page decoded again")
    XCTAssertEqual(loader.freshness.wasNotModified, true)
    XCTAssertEqual(loader.state.content?.count, 5_000)

    changed.append("17")
    loader.load()
    for await state in loader.states where !state.isLoading { break }
    XCTAssertEqual(loader.decodes.value, 51, "only the changed page is decoded")
    XCTAssertEqual(loader.state.content?.count, 5_000)
    XCTAssertEqual(loader.state.content?[1_600], "repository-17-1-b")
    XCTAssertEqual(loader.state.content?[1_599], "repository-16-100-a")
  }
}
