import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private struct Builder: URLRequestBuildable {}

final class URLRequestBuildableTests: XCTestCase {
  private let url = URL(string: "https://booklibrary.com/books")!
  private let builder = Builder()

  func testGetWithoutQueryItemsIsAPlainRequest() {
    let request = builder.get(url)
    XCTAssertEqual(request.httpMethod, "GET")
    XCTAssertEqual(request.url, url)
    XCTAssertNil(request.httpBody)
    XCTAssertEqual(request.allHTTPHeaderFields ?? [:], [:])
  }

  func testGetAppendsQueryItems() {
    let request = builder.get(
      url,
      queryItems: [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "q", value: "a b")])
    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.com/books?page=2&q=a%20b")
    XCTAssertEqual(request.httpMethod, "GET")
  }

  func testGetQueryItemsReplaceAnExistingQuery() {
    let request = builder.get(
      URL(string: "https://booklibrary.com/books?sort=title")!,
      queryItems: [URLQueryItem(name: "page", value: "2")])
    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.com/books?page=2")
  }

  func testGetWithoutQueryItemsKeepsTheQuery() {
    let url = URL(string: "https://booklibrary.com/books?sort=title")!
    XCTAssertEqual(builder.get(url).url, url)
    XCTAssertEqual(builder.get(url, queryItems: []).url, url)
  }

  func testPostSetsBodyAndOnlyContentType() {
    let request = builder.post(url, body: .json(Data("{}".utf8)))
    XCTAssertEqual(request.httpMethod, "POST")
    XCTAssertEqual(request.httpBody, Data("{}".utf8))
    XCTAssertEqual(request.allHTTPHeaderFields, ["Content-Type": "application/json"])
  }

  func testPostWithoutBodyHasNoHeaders() {
    let request = builder.post(url, body: nil)
    XCTAssertEqual(request.httpMethod, "POST")
    XCTAssertNil(request.httpBody)
    XCTAssertEqual(request.allHTTPHeaderFields ?? [:], [:])
  }

  func testPatchAndPutSendTheirBodies() {
    let patch = builder.patch(url, body: .form(Data("a=1".utf8)))
    XCTAssertEqual(patch.httpMethod, "PATCH")
    XCTAssertEqual(patch.httpBody, Data("a=1".utf8))
    XCTAssertEqual(patch.allHTTPHeaderFields, ["Content-Type": "application/x-www-form-urlencoded"])

    let put = builder.put(url, body: .binary(Data([0xFF])))
    XCTAssertEqual(put.httpMethod, "PUT")
    XCTAssertEqual(put.httpBody, Data([0xFF]))
    XCTAssertEqual(put.allHTTPHeaderFields, ["Content-Type": "application/octet-stream"])
  }

  func testDeleteHasNoBodyAndNoHeaders() {
    let request = builder.delete(url)
    XCTAssertEqual(request.httpMethod, "DELETE")
    XCTAssertEqual(request.url, url)
    XCTAssertNil(request.httpBody)
    XCTAssertEqual(request.allHTTPHeaderFields ?? [:], [:])
  }
}

/// Signs every POST: its own `post` must be the one generic code and `patch`/`put` use.
private struct SigningBuilder: URLRequestBuildable {
  func post(_ url: URL, body: HTTPBody?) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = body?.data
    request.setValue("signed", forHTTPHeaderField: "X-Signature")
    return request
  }
}

private func genericPost<B: URLRequestBuildable>(_ builder: B, _ url: URL) -> URLRequest {
  builder.post(url, body: .string("x"))
}

extension URLRequestBuildableTests {
  func testATypesOwnPostIsUsedByGenericCodeAndByPatchAndPut() {
    let signing = SigningBuilder()
    XCTAssertEqual(genericPost(signing, url).value(forHTTPHeaderField: "X-Signature"), "signed")
    let patch = signing.patch(url, body: .string("p"))
    XCTAssertEqual(patch.httpMethod, "PATCH")
    XCTAssertEqual(patch.value(forHTTPHeaderField: "X-Signature"), "signed")
    XCTAssertEqual(patch.httpBody, Data("p".utf8))
    let put = signing.put(url, body: .string("q"))
    XCTAssertEqual(put.httpMethod, "PUT")
    XCTAssertEqual(put.value(forHTTPHeaderField: "X-Signature"), "signed")
  }

  func testCustomContentTypeKeepsTheURLAndTheBody() {
    let body = HTTPBody(data: Data("Test".utf8), contentType: "text/csv")
    for request in [builder.post(url, body: body), builder.put(url, body: body)] {
      XCTAssertEqual(request.url, url)
      XCTAssertEqual(request.httpBody, Data("Test".utf8))
      XCTAssertEqual(request.allHTTPHeaderFields, ["Content-Type": "text/csv"])
    }
  }

  func testGetWithQueryItemsOnARelativeURLKeepsItsBase() {
    let relative = URL(string: "books", relativeTo: URL(string: "https://booklibrary.com/api/")!)!
    let request = builder.get(relative, queryItems: [URLQueryItem(name: "name", value: "John")])
    XCTAssertEqual(request.url?.absoluteString, "https://booklibrary.com/api/books?name=John")
    XCTAssertNil(request.httpBody)
  }
}
