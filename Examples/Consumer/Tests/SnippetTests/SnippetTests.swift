import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import Snippets
import Testing
import XCTest

/// The recorder, from a user's tests: XCTest and Swift Testing.
@MainActor
final class RecorderXCTests: XCTestCase {
  func testTheBooksLoaderPassesThroughLoadingToItsBooks() async {
    let stub = StubTransport { _ in .json(Data(#"[{"id":1,"title":"Dune"}]"#.utf8)) }
    let books = BooksLoader(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    let states = LoaderStateRecorder(books)
    books.load()
    await states.expect([
      .initial, .loading(cache: nil), .success(content: [Book(id: 1, title: "Dune")]),
    ])
    await states.finish()
  }
}

@MainActor
@Suite struct RecorderTests {
  @Test func aFailedLoadSaysWhichError() async {
    let stub = StubTransport { _ in .failure(URLError(.timedOut)) }
    let books = BooksLoader(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    let states = LoaderStateRecorder(books)
    books.load()
    await states.expect([.initial, .loading(cache: nil), .failure(URLError.self)])
  }

  @Test func aPageAtATime() async throws {
    let stub = StubTransport { request in
      let page = request.url?.query == "page=2" ? 2 : 1
      let next = page == 1 ? ["Link": "<pages?page=2>; rel=\"next\""] : [:]
      return .respond(
        status: 200, headers: next, body: Data(#"[{"id":\#(page),"title":"\#(page)"}]"#.utf8))
    }
    let books = BooksLoader(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    #expect(try await readPageByPage(books) == [1, 2])
    #expect(!books.hasNextPage)
  }
}
