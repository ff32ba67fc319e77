import Foundation
import XCTest

@testable import GitHubAPI

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
}
