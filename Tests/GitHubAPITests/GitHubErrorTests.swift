import Foundation
import XCTest

@testable import GitHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GitHub's error answers become typed errors, their messages cleaned of the token.
final class GitHubErrorTests: XCTestCase {
  func testServerMessagesAreRedactedThenCut() {
    let sanitizer = TextSanitizer(secrets: ["ghp_SECRET0123456789"])
    let echoed = String(repeating: "x", count: 190) + " ghp_SECRET0123456789"
    let body = Data(#"{"message": "\#(echoed)", "documentation_url": "https://docs"}"#.utf8)
    let response = HTTPURLResponseFields(statusCode: 401, headers: [:])
    let error = GitHubError.check(
      response, body: body, login: "x", kind: .organization, sanitizer: sanitizer)
    guard case .unauthorized(let message)? = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(message, String(repeating: "x", count: 190) + " <token>")
    let html = GitHubError.check(
      HTTPURLResponseFields(statusCode: 502, headers: [:]), body: Data("<html>".utf8), login: "x",
      kind: .organization,
      sanitizer: sanitizer)
    XCTAssertEqual(html, .server(status: 502, message: "Bad Gateway"))
  }

  private func notFound(_ url: String) -> HTTPURLResponse {
    HTTPURLResponse(url: URL(string: url)!, statusCode: 404, httpVersion: nil, headerFields: [:])!
  }

  private let body = Data(#"{"message": "Not Found"}"#.utf8)

  /// A 404 says what was not found: the repository of the detail view's request, the owner on
  /// the first page of its list, and only the status on a later page (the owner answered).
  func testA404NamesWhatWasNotFound() {
    let sanitizer = TextSanitizer()
    let detail = RepositoryEndpoint(owner: "acme", name: "gone", sanitizer: sanitizer)
    XCTAssertThrowsError(
      try detail.validate(
        nil, response: notFound("https://api.test/repos/acme/gone"), data: body)
    ) { XCTAssertEqual($0 as? GitHubError, .repositoryNotFound(owner: "acme", name: "gone")) }
    let first = RepositoriesPageEndpoint.firstPage(
      login: "acme", kind: .organization, sanitizer: sanitizer)
    XCTAssertThrowsError(
      try first.validate(nil, response: notFound("https://api.test/orgs/acme/repos"), data: body)
    ) { XCTAssertEqual($0 as? GitHubError, .notFound(org: "acme")) }
    let later = "https://api.test/organizations/7/repos?per_page=100&page=3"
    let third = RepositoriesPageEndpoint(
      login: "acme", kind: .organization, url: URL(string: later)!, sanitizer: sanitizer)
    XCTAssertThrowsError(try third.validate(nil, response: notFound(later), data: body)) {
      XCTAssertEqual($0 as? GitHubError, .status(404, message: "Not Found"))
    }
  }
}
