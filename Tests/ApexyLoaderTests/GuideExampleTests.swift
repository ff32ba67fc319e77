import ApexyHTTP
import ApexyLoader
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - The library guide's example (docs/libraries.md), verbatim

struct Book: Codable, Sendable, Equatable {
  let id: Int
  let title: String
}

struct Author: Decodable, Sendable, Equatable {
  let name: String
}

/// `GET books`, decoded as JSON.
struct BooksEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "books")!) }

  func content(from response: URLResponse?, with body: Data) throws -> [Book] {
    try JSONDecoder().decode([Book].self, from: body)
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else { throw URLError(.badServerResponse) }
  }
}

/// `GET author`, decoded as JSON.
struct AuthorEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "author")!) }

  func content(from response: URLResponse?, with body: Data) throws -> Author {
    try JSONDecoder().decode(Author.self, from: body)
  }
}

@MainActor
final class BooksLoader: WebLoader<[Book]>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    request(BooksEndpoint())
  }
}

@MainActor
final class AuthorLoader: WebLoader<Author>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    request(AuthorEndpoint())
  }
}

// MARK: - The example run against a loopback server

@MainActor
final class GuideExampleTests: XCTestCase {
  func testExampleLoadsAndMergesBothLoaders() async throws {
    let server = HTTPServer { request in
      let json = request.path == "/books" ? #"[{"id":1,"title":"Dune"}]"# : #"{"name":"Herbert"}"#
      return .respond(HTTPResponse(body: Data(json.utf8)))
    }
    try server.start()
    defer { server.stop() }

    let baseURL = server.baseURL
    let client = URLSessionClient(baseURL: baseURL)
    let books = BooksLoader(apiClient: client)
    let author = AuthorLoader(apiClient: client)

    var screen: [String] = []
    let render = {
      let merged = author.state.merge(books.state) { author, books in
        "\(author.name): \(books.map(\.title).joined(separator: ", "))"
      }
      screen.append(merged.description)  // "Loading: cache nil", then "Success: Herbert: Dune"
    }
    let observations = [books.observe(render), author.observe(render)]
    books.load()
    author.load()

    for await state in books.states where !state.isLoading { break }
    for await state in author.states where !state.isLoading { break }
    XCTAssertEqual(screen.first, "Loading: cache nil")
    XCTAssertEqual(screen.last, "Success: Herbert: Dune")
    withExtendedLifetime(observations) {}
  }
}
