import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - The article's code (`ApexyLoader.docc/LoadersKeptByKey.md`)

/// `GET books/ID`, decoded as JSON.
private struct BookEndpoint: Endpoint, URLRequestBuildable {
  let id: Int

  func makeRequest() throws -> URLRequest { get(URL(string: "books/\(id)")!) }

  func content(from response: URLResponse?, with body: Data) throws -> Book {
    try JSONDecoder().decode(Book.self, from: body)
  }
}

/// One book's loader.
@MainActor
private final class BookLoader: WebLoader<Book>, ContentLoading {
  let id: Int

  init(apiClient: Client, id: Int) {
    self.id = id
    super.init(apiClient: apiClient)
  }

  func load() {
    guard startLoading() else { return }
    request(BookEndpoint(id: id))
  }
}

/// The article's listing, run against a stub of the API.
@MainActor
final class DocsKeyedLoadersTests: XCTestCase {
  func testTheSameKeyGivesTheSameLoaderAndItsState() async throws {
    let stub = StubTransport { request in
      request.url?.path == "/api/v1/books/1" ? .text(#"{"id": 1, "title": "Dune"}"#) : .noAnswer
    }
    let apiClient = URLSessionClient(
      baseURL: stub.baseURL.appendingPathComponent("api/v1/"), configuration: stub.configuration())

    // In the service layer: at most 20 books nobody shows are kept.
    let books = LoaderStore<Int, BookLoader>(limit: 20) { id in
      BookLoader(apiClient: apiClient, id: id)
    }

    let dune = books.loader(for: 1)  // made now
    dune?.load()
    XCTAssertTrue(books.loader(for: 1) === dune)  // the same loader for as long as it is kept

    for await state in try XCTUnwrap(dune).states where !state.isLoading { break }
    XCTAssertEqual(books.loader(for: 1)?.state, .success(content: Book(id: 1, title: "Dune")))
  }
}
