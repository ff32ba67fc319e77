import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

/// A list read from a relative first page through a `URLSessionClient`: where a stopped load
/// goes on is written in absolute URLs only, its first page as the client sent it.
@MainActor
final class PageResumeURLTests: XCTestCase {
  private struct Page: Endpoint {
    let url: URL

    func makeRequest() throws -> URLRequest { URLRequest(url: url) }

    func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
      guard (200..<300).contains(response.statusCode) else { throw URLError(.badServerResponse) }
    }

    func content(from response: URLResponse?, with body: Data) throws -> LinkedPage<String> {
      LinkedPage(
        items: String(decoding: body, as: UTF8.self).split(separator: ",").map(String.init),
        links: PageLinks(response: response))
    }
  }

  func testAStoppedLoadResumesFromAbsoluteURLs() async throws {
    let stub = StubTransport { request in
      let page = request.url?.query ?? ""
      if page == "page=2" { return .respond(status: 502) }
      let next = "<\(request.url!.absoluteString.dropLast())2>; rel=\"next\""
      return .respond(status: 200, headers: ["Link": next], body: Data("a,b".utf8))
    }
    let client = URLSessionClient(
      baseURL: stub.baseURL.appendingPathComponent("api/"), configuration: stub.configuration())
    let loader = WebLoader<[String]>(apiClient: client)
    let states = LoaderStateRecorder(loader)
    loader.startLoading()
    loader.requestPages(from: Page(url: URL(string: "list?page=1")!), id: { $0 }) { Page(url: $0) }
    // One expect for the whole load: the failure may already be in when it looks.
    await states.expect([
      .initial, .loading(cache: nil), .loading(cache: nil), .failure(URLError.self),
    ])

    let resume = try XCTUnwrap(loader.partialContent?.resume)
    let first = stub.baseURL.absoluteString + "api/list?page=1"
    XCTAssertEqual(resume.firstPage, first)
    XCTAssertEqual(resume.visited, [first])
    XCTAssertEqual(resume.next.absoluteString, stub.baseURL.absoluteString + "api/list?page=2")
    XCTAssertTrue(([resume.firstPage] + resume.visited).allSatisfy { $0.hasPrefix("http") })
  }
}
