import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `BaseRequestAdapter` resolves as Apexy does on Apple platforms: `URL(string:relativeTo:)`,
/// RFC 3986 section 5.2. Every expected URL below is worked out from the RFC's rules (or, for
/// its own examples, copied from section 5.4), not from what Foundation printed.
final class BaseRequestAdapterTests: XCTestCase {
  private func adapted(_ path: String, base: String) throws -> String? {
    let adapter = BaseRequestAdapter(baseURL: URL(string: base)!)
    return try adapter.adapt(URLRequest(url: URL(string: path)!)).url?.absoluteString
  }

  /// One row: a base, a request URL, and the RFC's answer, with the rule that gives it.
  private struct Row {
    let base: String
    let path: String
    let expected: String
    let rule: String
  }

  /// API bases with and without a trailing slash, paths with and without a leading one,
  /// queries, fragments and absolute URLs.
  private let apiTable: [Row] = [
    Row(
      base: "https://booklibrary.com", path: "books/10",
      expected: "https://booklibrary.com/books/10", rule: "empty base path: merge gives /books/10"),
    Row(
      base: "https://booklibrary.com/", path: "books/10",
      expected: "https://booklibrary.com/books/10", rule: "base path / is kept"),
    Row(
      base: "https://host.test/api/v1", path: "books", expected: "https://host.test/api/books",
      rule: "merge drops the base's last segment (v1)"),
    Row(
      base: "https://host.test/api/v1/", path: "books", expected: "https://host.test/api/v1/books",
      rule: "a base ending in / keeps every segment"),
    Row(
      base: "https://host.test/api/v1", path: "/books", expected: "https://host.test/books",
      rule: "an absolute path replaces the base path"),
    Row(
      base: "https://host.test/api/v1/", path: "/orgs/x", expected: "https://host.test/orgs/x",
      rule: "an absolute path replaces the base path, slash or not"),
    Row(
      base: "https://host.test/api/v1/", path: "books?page=2&sort=title",
      expected: "https://host.test/api/v1/books?page=2&sort=title",
      rule: "the reference's query is kept"),
    Row(
      base: "https://host.test/api/v1", path: "books?page=2",
      expected: "https://host.test/api/books?page=2", rule: "merge, then the reference's query"),
    Row(
      base: "https://host.test/api/v1/?key=a", path: "books",
      expected: "https://host.test/api/v1/books", rule: "the base's query is not inherited"),
    Row(
      base: "https://host.test/api/v1/books", path: "?page=2",
      expected: "https://host.test/api/v1/books?page=2",
      rule: "a query alone keeps the base path"),
    Row(
      base: "https://host.test/api/v1/", path: "books#top",
      expected: "https://host.test/api/v1/books#top", rule: "the reference's fragment is kept"),
    Row(
      base: "https://host.test/api/v1/", path: "path/", expected: "https://host.test/api/v1/path/",
      rule: "a trailing slash of the path is kept"),
    Row(
      base: "https://host.test/api/v1/", path: "https://other.test/x?y=1",
      expected: "https://other.test/x?y=1", rule: "a URL with a scheme is used as it is"),
    Row(
      base: "https://host.test/api/v1/", path: "//cdn.test/x", expected: "https://cdn.test/x",
      rule: "a network-path reference keeps only the base's scheme"),
    Row(
      base: "https://host.test/api/v1/", path: "../v2/books",
      expected: "https://host.test/api/v2/books", rule: "dot segments are removed"),
    Row(
      base: "https://host.test/api/v1/", path: "./books",
      expected: "https://host.test/api/v1/books",
      rule: "dot segments are removed"),
    Row(
      base: "https://host.test/api/v1/", path: "../../../books",
      expected: "https://host.test/books",
      rule: "a .. above the root is dropped"),
    Row(
      base: "https://host.test:8443/api/", path: "books",
      expected: "https://host.test:8443/api/books",
      rule: "the port is kept"),
    Row(
      base: "http://127.0.0.1:8080", path: "orgs/x/repos?per_page=100&page=1",
      expected: "http://127.0.0.1:8080/orgs/x/repos?per_page=100&page=1",
      rule: "empty base path with a port"),
    Row(
      base: "https://ghe.test/api/v3/", path: "orgs/a%20b",
      expected: "https://ghe.test/api/v3/orgs/a%20b", rule: "percent-encoding is kept"),
  ]

  /// RFC 3986 section 5.4: its normal and abnormal examples, against its base.
  private let rfcExamples: [(path: String, expected: String)] = [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"), ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"), (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
    ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    // 5.4.2, abnormal examples.
    ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
    ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
  ]

  func testEveryBaseAndPathResolvesAsRFC3986AndApexySay() throws {
    for row in apiTable {
      XCTAssertEqual(
        try adapted(row.path, base: row.base), row.expected,
        "\(row.path) against \(row.base): \(row.rule)")
    }
  }

  func testRFC3986ExamplesResolveAsTheRFCLists() throws {
    for example in rfcExamples {
      XCTAssertEqual(
        try adapted(example.path, base: "http://a/b/c/d;p?q"), example.expected, example.path)
    }
  }

  func testTheResolvedURLIsAbsolute() throws {
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://host.test/api/")!)
    let url = try XCTUnwrap(try adapter.adapt(URLRequest(url: URL(string: "books")!)).url)
    XCTAssertNil(url.baseURL)
    XCTAssertEqual(url.host, "host.test")
    XCTAssertEqual(url.path, "/api/books")
  }

  func testQueryItemsHeadersMethodAndBodyAreKept() throws {
    var request = URLRequest(url: URL(string: "books?page=2&sort=title")!)
    request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
    request.httpMethod = "POST"
    request.httpBody = Data("{}".utf8)
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.com")!)
    let result = try adapter.adapt(request)
    XCTAssertEqual(result.url?.absoluteString, "https://booklibrary.com/books?page=2&sort=title")
    XCTAssertEqual(result.value(forHTTPHeaderField: "Authorization"), "Bearer abc")
    XCTAssertEqual(result.httpMethod, "POST")
    XCTAssertEqual(result.httpBody, Data("{}".utf8))
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

  func testRequestWithoutURLThrowsBadURL() {
    var request = URLRequest(url: URL(string: "books")!)
    request.url = nil
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.com")!)
    XCTAssertThrowsError(try adapter.adapt(request)) { error in
      XCTAssertEqual((error as? URLError)?.code, .badURL)
    }
  }

  func testBaseURLCanBeChangedToSwitchEnvironments() throws {
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://staging.booklibrary.com/")!)
    adapter.baseURL = URL(string: "https://booklibrary.com/v2/")!
    let request = try adapter.adapt(URLRequest(url: URL(string: "books/10")!))
    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.com/v2/books/10")
  }
}
