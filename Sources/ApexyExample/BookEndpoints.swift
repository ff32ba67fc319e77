import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET books`: a path relative to the API root, so without a leading slash (RFC 3986: a
/// leading slash would start at the host).
struct BooksEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "books")!) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    try LibraryError.check(response)
  }

  func content(from response: URLResponse?, with body: Data) throws -> [Book] {
    try JSONDecoder().decode([Book].self, from: body)
  }
}

/// `GET author`.
struct AuthorEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "author")!) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    try LibraryError.check(response)
  }

  func content(from response: URLResponse?, with body: Data) throws -> Author {
    try JSONDecoder().decode(Author.self, from: body)
  }
}

/// A non-2xx answer. It carries the response, so a retry policy can read its status and
/// `Retry-After` (`HTTPResponseError`).
struct LibraryError: LocalizedError, HTTPResponseError {
  /// The answer that was not a success.
  let response: HTTPURLResponse

  /// Throws for any status outside 200–299.
  static func check(_ response: HTTPURLResponse) throws {
    guard (200..<300).contains(response.statusCode) else { throw LibraryError(response: response) }
  }

  var errorDescription: String? { "The library answered \(response.statusCode)." }
}
