import ApexyHTTP
import ApexyHTTPTesting
import Locking
import XCTest

// MARK: - The article's code (private here; the article shows it without `private`)

private struct Book: Decodable, Equatable, Sendable {
  let id: Int
  let title: String
}

private struct BookEndpoint: Endpoint, URLRequestBuildable {
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

/// The client-level retry of the article "Revalidation, retry and refresh"
/// (`ApexyLoader.docc/RevalidationRetryAndRefresh.md`), as the article shows it: a GET that
/// failed for a moment is sent again by the client itself, a POST is not.
final class DocsClientRetryTests: XCTestCase {
  /// Answers 503 `failures` times, then the book.
  private func flakyStub(failures: Int) -> StubTransport {
    let answered = Locked(0)
    return StubTransport(host: "retry.booklibrary.example") { _ in
      let count = answered.withLock { count in
        count += 1
        return count
      }
      guard count > failures else { return .respond(status: 503) }
      return .json(Data(#"{"id":10,"title":"Dune"}"#.utf8))
    }
  }

  func testAGetThatFailedForAMomentIsSentAgain() async throws {
    let stub = flakyStub(failures: 1)

    // MARK: - The article's code, verbatim
    let client = URLSessionClient(
      baseURL: URL(string: "https://retry.booklibrary.example/api/v1/")!,
      completionQueue: DispatchQueue(label: "book-service"),
      retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.2))
    let book = try await client.request(BookEndpoint(id: 10))  // a 503, then the book

    XCTAssertEqual(book, Book(id: 10, title: "Dune"))
    XCTAssertEqual(stub.requests.count, 2)
  }

  func testThePolicySaysWhichMethodsItSendsAgain() {
    let policy = RetryPolicy(maxRetries: 2, baseDelay: 0.2)
    XCTAssertTrue(policy.retries(method: "GET"))
    XCTAssertTrue(policy.retries(method: nil), "a request without a method is a GET")
    XCTAssertFalse(policy.retries(method: "POST"))
    XCTAssertFalse(policy.retries(method: "PATCH"))

    // MARK: - The article's code, verbatim
    var orders = RetryPolicy()
    orders.retriedMethods.insert("POST")  // the server dedupes by Idempotency-Key

    XCTAssertTrue(orders.retries(method: "post"))
  }
}
