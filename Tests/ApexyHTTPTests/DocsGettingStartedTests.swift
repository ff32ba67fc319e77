import ApexyHTTP
import ApexyHTTPTesting
import XCTest

/// The code of the article "Getting started on Linux" (`ApexyHTTP.docc/GettingStarted.md`),
/// as the article shows it, against a stub of the book library's API: a live `StubTransport`
/// answers every client's requests to its host, so the article's URLs are used as they are.
@MainActor
final class DocsGettingStartedTests: XCTestCase {
  // MARK: - The article's endpoint

  struct Book: Decodable, Equatable, Sendable {
    let id: Int
    let title: String
  }

  struct BookEndpoint: Endpoint, URLRequestBuildable {
    let id: Int

    func makeRequest() throws -> URLRequest {
      get(URL(string: "books/\(id)")!)
    }

    func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
      guard (200..<300).contains(response.statusCode) else {
        throw URLError(.badServerResponse)
      }
    }

    func content(from response: URLResponse?, with body: Data) throws -> Book {
      try JSONDecoder().decode(Book.self, from: body)
    }
  }

  // MARK: - The API

  /// The library's API, made in each test: XCTest makes every test's instance before it runs
  /// the first, and the transport made last owns a host.
  private func libraryStub() -> StubTransport {
    StubTransport(host: "booklibrary.example") { request in
      guard request.url?.path == "/api/v1/books/10" else { return .respond(status: 404) }
      return .json(Data(#"{"id":10,"title":"Dune"}"#.utf8))
    }
  }

  // MARK: - The article's code, each test one listing

  func testAnAwaitedRequestReturnsTheBook() async throws {
    let stub = libraryStub()
    let client = URLSessionClient(baseURL: URL(string: "https://booklibrary.example/api/v1/")!)
    let book = try await client.request(BookEndpoint(id: 10))

    XCTAssertEqual(book, Book(id: 10, title: "Dune"))
    XCTAssertEqual(
      stub.requests.map { $0.url?.absoluteString }, ["https://booklibrary.example/api/v1/books/10"])
  }

  func testACompletionHandlerGetsTheResultOnTheMainQueue() async {
    let stub = libraryStub()
    let client = URLSessionClient(baseURL: URL(string: "https://booklibrary.example/api/v1/")!)
    var shown: [String] = []
    let progress = client.request(BookEndpoint(id: 10)) { result in
      switch result {
      case .success(let book): shown.append(book.title)
      case .failure(let error): shown.append(error.localizedDescription)
      }
    }

    await mainQueueRuns(until: { !shown.isEmpty })
    XCTAssertEqual(shown, ["Dune"])
    XCTAssertFalse(progress.isCancelled)
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testCancellingTheProgressCancelsTheRequest() async {
    let stub = libraryStub()
    stub.answer { _ in .noAnswer }
    let client = URLSessionClient(baseURL: URL(string: "https://booklibrary.example/api/v1/")!)
    let done = expectation(description: "completion")
    var failure: URLError?
    let progress = client.request(BookEndpoint(id: 10)) { result in
      failure = result.error as? URLError
      done.fulfill()
    }
    progress.cancel()  // the completion gets URLError(.cancelled)

    await fulfillment(of: [done], timeout: 10)
    XCTAssertEqual(failure?.code, .cancelled)
    XCTAssertLessThanOrEqual(stub.requests.count, 1)
  }

  func testAFailedStatusReachesTheCallerAsValidateThrewIt() async {
    let stub = libraryStub()
    let client = URLSessionClient(baseURL: URL(string: "https://booklibrary.example/api/v1/")!)
    do {
      _ = try await client.request(BookEndpoint(id: 11))
      XCTFail("a 404 must fail")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .badServerResponse)
    }
    XCTAssertEqual(stub.requests.first?.url?.path, "/api/v1/books/11")
  }

  /// Lets the main queue run (completions arrive there) until `condition` holds, at most 10 s.
  private func mainQueueRuns(until condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(10)
    while !condition(), Date() < deadline {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }

  func testTheBaseURLKeepsItsTrailingSlash() async throws {
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.example/api/v1/")!)
    let request = try adapter.adapt(URLRequest(url: URL(string: "books/10")!))
    // https://booklibrary.example/api/v1/books/10

    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.example/api/v1/books/10")
    let withoutSlash = BaseRequestAdapter(
      baseURL: URL(string: "https://booklibrary.example/api/v1")!)
    XCTAssertEqual(
      try withoutSlash.adapt(URLRequest(url: URL(string: "books/10")!)).url?.absoluteString,
      "https://booklibrary.example/api/books/10")
  }
}
