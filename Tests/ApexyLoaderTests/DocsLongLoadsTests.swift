import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import Locking
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - The article's code (private here; the article shows it without `private`)

/// One page of the catalog: its books, and the links of its `Link` header.
private struct BookPageEndpoint: Endpoint {
  let url: URL

  func makeRequest() throws -> URLRequest { URLRequest(url: url) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else { throw URLError(.badServerResponse) }
  }

  func content(from response: URLResponse?, with body: Data) throws -> LinkedPage<Book> {
    LinkedPage(items: try JSONDecoder().decode([Book].self, from: body), response: response)
  }
}

/// Every book of the catalog, page by page.
@MainActor
private final class CatalogLoader: WebLoader<[Book]>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    requestPages(
      from: BookPageEndpoint(url: URL(string: "books?per_page=2&page=1")!), pageCap: 50,
      id: { $0.id }, page: BookPageEndpoint.init)
  }
}

/// A page a call, and the first page again on `load()`.
@MainActor
private final class PagedBooksLoader: WebLoader<[Book]>, ContentLoading {
  /// The first page again: what `fetch()` and a store's `invalidate` start.
  func load() {
    resetPages()
    loadNextPage()
  }

  func loadNextPage() {
    requestNextPage(
      from: BookPageEndpoint(url: URL(string: "books?per_page=2&page=1")!), id: \.id,
      page: BookPageEndpoint.init)
  }
}

/// The code of the article "Long loads: partial content and progress"
/// (`ApexyLoader.docc/LongLoads.md`), as the article shows it, against a stub of a catalog of
/// three pages whose second page fails once.
@MainActor
final class DocsLongLoadsTests: XCTestCase {
  /// Three pages of two books, linked as GitHub links them; the first request for page 2
  /// answers 503.
  private func catalogStub() -> StubTransport {
    let failures = Locked(1)
    return StubTransport(host: "pages.booklibrary.example") { request in
      let page =
        request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?
        .queryItems?.first { $0.name == "page" }?.value.flatMap(Int.init) ?? 1
      let failsNow =
        page == 2
        && failures.withLock { remaining in
          defer { remaining = max(0, remaining - 1) }
          return remaining > 0
        }
      if failsNow { return .respond(status: 503) }
      let pages = "https://pages.booklibrary.example/api/v1/books?per_page=2&page="
      let link = { (number: Int, rel: String) in "<\(pages)\(number)>; rel=\"\(rel)\"" }
      var headers = ["Content-Type": "application/json"]
      if page < 3 { headers["Link"] = link(page + 1, "next") + ", " + link(3, "last") }
      let books = (1...2).map { page * 10 + $0 }.map { #"{"id":\#($0),"title":"Book \#($0)"}"# }
      return .respond(headers: headers, body: Data("[\(books.joined(separator: ","))]".utf8))
    }
  }

  /// A client of the catalog's API answered by `stub`, which the test keeps.
  private func catalogClient(_ stub: StubTransport) -> URLSessionClient {
    URLSessionClient(
      baseURL: URL(string: "https://pages.booklibrary.example/api/v1/")!,
      configuration: stub.configuration())
  }

  /// Waits for the load under way to end.
  private func settle(_ loader: CatalogLoader) async {
    for await state in loader.states where !state.isLoading { break }
  }

  func testTheRowsArriveAPageAtATimeAndAResumeReadsOnlyThePagesMissing() async {
    let stub = catalogStub()
    let client = catalogClient(stub)

    // The article's listing, verbatim:
    let catalog = CatalogLoader(apiClient: client)
    var lines: [String] = []
    let observation = catalog.observe {
      let books = catalog.state.content ?? catalog.partialContent?.content ?? []
      let read = catalog.pageProgress.map { progress in
        "page \(progress.pagesRead) of \(progress.pageCount.map(String.init) ?? "?")"
      }
      switch (catalog.state, read) {
      case (.loading, let read?): lines.append("\(books.count) books, \(read)…")
      case (.failure, let read?): lines.append("\(books.count) books, stopped after \(read)")
      default: lines.append("\(books.count) books")
      }
    }
    catalog.load()

    await settle(catalog)
    XCTAssertEqual(
      lines, ["0 books", "2 books, page 1 of 3…", "2 books, stopped after page 1 of 3"])
    XCTAssertEqual(catalog.partialContent?.resume?.next.query, "per_page=2&page=2")

    catalog.load()
    await settle(catalog)
    XCTAssertEqual(
      lines.dropFirst(3), ["2 books, page 1 of 3…", "4 books, page 2 of 3…", "6 books"])
    XCTAssertEqual(catalog.state.content?.map(\.id), [11, 12, 21, 22, 31, 32])
    XCTAssertEqual(
      stub.requests.compactMap { $0.url?.query }.map { String($0.suffix(6)) },
      ["page=1", "page=2", "page=2", "page=3"], "page 1 is read once")
    withExtendedLifetime(observation) {}
  }

  func testAPageACallAsTheArticleReadsIt() async throws {
    let stub = catalogStub()
    let client = catalogClient(stub)

    // The article's listing, a failed page's error caught (it is read again on the next call):
    let books = PagedBooksLoader(apiClient: client)
    var counts: [Int] = []
    while books.hasNextPage {
      books.loadNextPage()
      counts.append((try? await books.value.count) ?? -1)
    }
    XCTAssertEqual(counts, [2, -1, 4, 6], "page 2 fails once, then is read again")
    let again = try await books.fetch()
    XCTAssertEqual(again.map(\.id), [11, 12], "load() starts over from the first page")
  }
}
