import ApexyHTTP
import ApexyHTTPTesting
import XCTest

// MARK: - The article's code (private here; the article shows it without `private`)

private struct Book: Decodable, Equatable, Sendable {
  let id: Int
  let title: String
}

/// The error the API puts in the body of a 4xx or 5xx: `{"error": {"code": …, "title": …}}`.
private struct APIError: Decodable, LocalizedError, Equatable {
  let code: String
  let title: String

  var errorDescription: String? { title }
}

/// A status the API answered without an error of its own in the body.
private struct HTTPStatusError: LocalizedError, HTTPResponseError {
  let response: HTTPURLResponse

  var errorDescription: String? {
    "The library answered \(response.statusCode)."
  }
}

/// What the body of an error answer holds.
private struct ErrorBody: Decodable {
  let error: APIError
}

/// Every endpoint of the library: JSON content, and errors checked before it is decoded.
private protocol LibraryEndpoint: Endpoint where Content: Decodable {}

extension LibraryEndpoint {
  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard !(200..<300).contains(response.statusCode) else { return }
    if let data, let body = try? JSONDecoder().decode(ErrorBody.self, from: data) {
      throw body.error
    }
    throw HTTPStatusError(response: response)
  }

  func content(from response: URLResponse?, with body: Data) throws -> Content {
    try JSONDecoder().decode(Content.self, from: body)
  }
}

private struct BookEndpoint: LibraryEndpoint, URLRequestBuildable {
  typealias Content = Book
  let id: Int

  func makeRequest() throws -> URLRequest {
    get(URL(string: "books/\(id)")!)
  }
}

private struct SearchEndpoint: LibraryEndpoint, URLRequestBuildable {
  typealias Content = [Book]
  struct EmptyQuery: LocalizedError, Equatable {
    var errorDescription: String? { "Type something to search for." }
  }
  let query: String

  func makeRequest() throws -> URLRequest {
    guard !query.isEmpty else { throw EmptyQuery() }
    return get(URL(string: "search")!, queryItems: [URLQueryItem(name: "q", value: query)])
  }
}

private func message(for error: Error) -> String {
  switch error {
  case let error as APIError where error.code == "token_invalid":
    return error.title  // and show the sign-in screen
  case is DecodingError:
    return "The library sent something this app cannot read."
  case let error as URLError where error.code == .notConnectedToInternet:
    return "No connection to the internet."
  default:
    return error.localizedDescription
  }
}

/// The code of the article "Error handling" (`ApexyHTTP.docc/ErrorHandling.md`), as the article
/// shows it, against a stub API that answers with each kind of failure.
final class DocsErrorHandlingTests: XCTestCase {
  // MARK: - The API

  private func libraryStub() -> StubTransport {
    StubTransport(host: "errors.booklibrary.example") { request in
      switch request.url?.lastPathComponent {
      case "1":
        return .json(Data(#"{"id":1,"title":"Dune"}"#.utf8))
      case "2":
        return .json(
          Data(#"{"error":{"code":"token_invalid","title":"Sign in again."}}"#.utf8),
          status: 401)
      case "3":
        return .respond(status: 503, headers: ["Retry-After": "5"])
      case "4":
        return .json(Data(#"{"id":"four","title":"Dune"}"#.utf8))
      default:
        return .failure(URLError(.notConnectedToInternet))
      }
    }
  }

  private let client = URLSessionClient(
    baseURL: URL(string: "https://errors.booklibrary.example/")!,
    completionQueue: DispatchQueue(label: "docs-errors"))

  /// What the article's `message(for:)` says for book `id`.
  private func shown(_ id: Int) async -> String {
    do {
      let book = try await client.request(BookEndpoint(id: id))
      return book.title
    } catch {
      return message(for: error)
    }
  }

  func testEachKindOfFailureReachesTheCallerAsItsOwnError() async {
    let stub = libraryStub()
    var messages: [String] = []
    for id in 1...5 { messages.append(await shown(id)) }
    XCTAssertEqual(
      messages,
      [
        "Dune", "Sign in again.", "The library answered 503.",
        "The library sent something this app cannot read.",
        "No connection to the internet.",
      ])
    XCTAssertEqual(stub.requests.count, 5)
  }

  func testAStatusErrorCarriesItsResponseForRetryPolicies() async throws {
    let stub = libraryStub()
    let now = Date()
    do {
      _ = try await client.request(BookEndpoint(id: 3))
      XCTFail("a 503 must fail")
    } catch {
      switch RetryPolicy.classify(error, now: now) {
      case .transient(let notBefore):
        XCTAssertEqual(notBefore, now.addingTimeInterval(5), "Retry-After: 5")
      case .permanent:
        XCTFail("a 503 is worth retrying")
      }
    }
    XCTAssertEqual(RetryPolicy.classify(APIError(code: "x", title: "y"), now: now), .permanent)
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testAnEndpointErrorIsThrownBeforeAnythingIsSent() async {
    let stub = libraryStub()
    do {
      _ = try await client.request(SearchEndpoint(query: ""))
      XCTFail("an empty query must fail")
    } catch {
      XCTAssertEqual(error as? SearchEndpoint.EmptyQuery, SearchEndpoint.EmptyQuery())
    }
    XCTAssertTrue(stub.requests.isEmpty, "nothing was sent")
  }
}
