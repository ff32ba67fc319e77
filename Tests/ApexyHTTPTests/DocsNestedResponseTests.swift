import ApexyHTTP
import ApexyHTTPTesting
import XCTest

// MARK: - The article's code (private here; the article shows it without `private`)

private struct Book: Decodable, Equatable, Sendable {
  let id: Int
  let title: String
}

/// What the API wraps every answer in: `{"data": …}`.
private struct Envelope<Wrapped: Decodable>: Decodable {
  let data: Wrapped
}

/// An endpoint whose content arrives in an envelope.
private protocol EnvelopedEndpoint: Endpoint where Content: Decodable {}

extension EnvelopedEndpoint {
  func content(from response: URLResponse?, with body: Data) throws -> Content {
    try JSONDecoder().decode(Envelope<Content>.self, from: body).data
  }
}

private struct BookListEndpoint: EnvelopedEndpoint, URLRequestBuildable {
  typealias Content = [Book]

  func makeRequest() throws -> URLRequest {
    get(URL(string: "books")!)
  }
}

private struct BookEndpoint: EnvelopedEndpoint, URLRequestBuildable {
  typealias Content = Book
  let id: Int

  func makeRequest() throws -> URLRequest {
    get(URL(string: "books/\(id)")!)
  }
}

/// An endpoint that decodes a `Root` of its own and takes its content out of it.
private protocol RootedEndpoint: Endpoint {
  associatedtype Root: Decodable
  func content(from root: Root) throws -> Content
}

extension RootedEndpoint {
  func content(from response: URLResponse?, with body: Data) throws -> Content {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try content(from: decoder.decode(Root.self, from: body))
  }
}

/// `{"book_list": [...]}`
private struct BookListRoot: Decodable {
  let bookList: [Book]
}

/// `{"book": {...}}`
private struct BookRoot: Decodable {
  let book: Book
}

private struct ShelfEndpoint: RootedEndpoint, URLRequestBuildable {
  typealias Content = [Book]

  func makeRequest() throws -> URLRequest {
    get(URL(string: "shelf")!)
  }

  func content(from root: BookListRoot) -> [Book] {
    root.bookList
  }
}

private struct ShelfBookEndpoint: RootedEndpoint, URLRequestBuildable {
  typealias Content = Book
  let id: Int

  func makeRequest() throws -> URLRequest {
    get(URL(string: "shelf/\(id)")!)
  }

  func content(from root: BookRoot) -> Book {
    root.book
  }
}

/// The code of the article "Nested responses" (`ApexyHTTP.docc/NestedResponses.md`), as the
/// article shows it: each endpoint decoding a body as it is, then the same through a client.
final class DocsNestedResponseTests: XCTestCase {
  func testAnEnvelopeIsOpenedForAListAndForOneBook() throws {
    let list = Data(#"{"data": [{"id": 1, "title": "Dune"}]}"#.utf8)
    let one = Data(#"{"data": {"id": 2, "title": "Dune Messiah"}}"#.utf8)

    XCTAssertEqual(
      try BookListEndpoint().content(from: nil, with: list), [Book(id: 1, title: "Dune")])
    XCTAssertEqual(
      try BookEndpoint(id: 2).content(from: nil, with: one), Book(id: 2, title: "Dune Messiah"))
  }

  func testEachEndpointTakesItsContentOutOfItsOwnRoot() throws {
    let list = Data(#"{"book_list": [{"id": 1, "title": "Dune"}]}"#.utf8)
    let one = Data(#"{"book": {"id": 2, "title": "Dune Messiah"}}"#.utf8)

    XCTAssertEqual(
      try ShelfEndpoint().content(from: nil, with: list), [Book(id: 1, title: "Dune")])
    XCTAssertEqual(
      try ShelfBookEndpoint(id: 2).content(from: nil, with: one),
      Book(id: 2, title: "Dune Messiah"))
  }

  func testAnAnswerWithoutItsEnvelopeIsADecodingError() {
    let bare = Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)
    XCTAssertThrowsError(try BookListEndpoint().content(from: nil, with: bare)) { error in
      XCTAssertTrue(error is DecodingError, "\(error)")
    }
  }

  func testAClientReturnsTheContentWithoutItsEnvelope() async throws {
    let stub = StubTransport { request in
      switch request.url?.path {
      case "/books": return .json(Data(#"{"data": [{"id": 1, "title": "Dune"}]}"#.utf8))
      case "/shelf/2": return .json(Data(#"{"book": {"id": 2, "title": "Dune Messiah"}}"#.utf8))
      default: return .respond(status: 404)
      }
    }
    let client = URLSessionClient(
      baseURL: stub.baseURL, completionQueue: DispatchQueue(label: "docs-nested"))

    let books = try await client.request(BookListEndpoint())
    let book = try await client.request(ShelfBookEndpoint(id: 2))

    XCTAssertEqual(books, [Book(id: 1, title: "Dune")])
    XCTAssertEqual(book, Book(id: 2, title: "Dune Messiah"))
  }
}
