import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class BaseRequestAdapterTests: XCTestCase {
  private func adapted(_ path: String, base: String) throws -> String? {
    let adapter = BaseRequestAdapter(baseURL: URL(string: base)!)
    return try adapter.adapt(URLRequest(url: URL(string: path)!)).url?.absoluteString
  }

  func testRelativePathResolvesAgainstBase() throws {
    XCTAssertEqual(
      try adapted("books/10", base: "https://booklibrary.com"), "https://booklibrary.com/books/10")
    XCTAssertEqual(
      try adapted("books/10", base: "https://booklibrary.com/"), "https://booklibrary.com/books/10")
  }

  func testBaseWithPathKeepsItWithOrWithoutTrailingSlash() throws {
    XCTAssertEqual(
      try adapted("books/10", base: "https://host.test/api/v3"), "https://host.test/api/v3/books/10"
    )
    XCTAssertEqual(
      try adapted("books/10", base: "https://host.test/api/v3/"),
      "https://host.test/api/v3/books/10")
  }

  func testQueryItemsAndHeadersAreKept() throws {
    var request = URLRequest(url: URL(string: "books?page=2&sort=title")!)
    request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
    request.httpMethod = "POST"
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.com")!)
    let result = try adapter.adapt(request)
    XCTAssertEqual(result.url?.absoluteString, "https://booklibrary.com/books?page=2&sort=title")
    XCTAssertEqual(result.value(forHTTPHeaderField: "Authorization"), "Bearer abc")
    XCTAssertEqual(result.httpMethod, "POST")
  }

  func testAbsoluteURLIsLeftAlone() throws {
    XCTAssertEqual(
      try adapted("https://other.test/x", base: "https://booklibrary.com"), "https://other.test/x")
  }

  func testRequestWithoutURLThrowsBadURL() {
    var request = URLRequest(url: URL(string: "books")!)
    request.url = nil
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.com")!)
    XCTAssertThrowsError(try adapter.adapt(request)) { error in
      XCTAssertEqual((error as? URLError)?.code, .badURL)
    }
  }
}

extension BaseRequestAdapterTests {
  func testTrailingSlashOfThePathIsKept() throws {
    XCTAssertEqual(
      try adapted("path/", base: "https://booklibrary.com"), "https://booklibrary.com/path/")
  }

  func testQueryItemsOnAFolderPathAreKept() throws {
    var components = URLComponents(string: "api/path/")!
    components.queryItems = [URLQueryItem(name: "param", value: "value")]
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.com")!)
    let request = try adapter.adapt(URLRequest(url: components.url!))
    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.com/api/path/?param=value")
  }

  func testContentTypeHeaderIsKept() throws {
    var request = URLRequest(url: URL(string: "books")!)
    request.addValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.com")!)
    XCTAssertEqual(
      try adapter.adapt(request).value(forHTTPHeaderField: "Content-Type"),
      "application/octet-stream")
  }

  func testBaseURLCanBeChangedToSwitchEnvironments() throws {
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://staging.booklibrary.com")!)
    adapter.baseURL = URL(string: "https://booklibrary.com/v2")!
    let request = try adapter.adapt(URLRequest(url: URL(string: "books/10")!))
    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.com/v2/books/10")
  }

  /// Differs from Apexy, which resolves by RFC 3986: there "/books" under ".../api/v3" is
  /// "https://host.test/books" and "books" is "https://host.test/api/books".
  func testLeadingSlashPathStaysUnderTheBasePath() throws {
    XCTAssertEqual(
      try adapted("/books/10", base: "https://host.test/api/v3"),
      "https://host.test/api/v3/books/10")
    XCTAssertEqual(
      try adapted("/books/10", base: "https://host.test/api/v3/"),
      "https://host.test/api/v3/books/10")
  }
}
