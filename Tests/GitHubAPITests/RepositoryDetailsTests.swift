import Foundation
import XCTest

@testable import GitHubAPI

/// The detail view's fields: read when GitHub sends them, left out when absent, null or of the
/// wrong kind, and the web address kept only when it is a plain http(s) address.
final class RepositoryDetailsTests: XCTestCase {
  private func repository(_ fields: String) throws -> Repository {
    let json = "[{\"name\": \"apexy\"\(fields.isEmpty ? "" : ", " + fields)}]"
    return try XCTUnwrap(GitHubJSON.decode([Repository].self, from: Data(json.utf8)).first)
  }

  func testReadsTheDetailFields() throws {
    let read = try repository(
      """
      "full_name": "redmadrobot/apexy", "forks_count": 12, "open_issues_count": 3,
      "license": {"spdx_id": "MIT", "name": "MIT License"}, "topics": ["ios", "swift"],
      "pushed_at": "2024-03-05T10:20:30Z", "html_url": "https://github.com/redmadrobot/apexy"
      """)
    XCTAssertEqual(read.fullName, "redmadrobot/apexy")
    XCTAssertEqual(read.forksCount, 12)
    XCTAssertEqual(read.openIssuesCount, 3)
    XCTAssertEqual(read.license, "MIT")
    XCTAssertEqual(read.topics, ["ios", "swift"])
    XCTAssertEqual(read.pushedAt, Date(timeIntervalSince1970: 1_709_634_030))
    XCTAssertEqual(read.htmlURL?.absoluteString, "https://github.com/redmadrobot/apexy")
  }

  func testAbsentNullOrWrongDetailsAreLeftOut() throws {
    let bare = try repository("")
    XCTAssertNil(bare.forksCount)
    XCTAssertNil(bare.license)
    XCTAssertEqual(bare.topics, [])
    XCTAssertNil(bare.htmlURL)
    let odd = try repository(
      """
      "license": null, "topics": "ios", "pushed_at": "yesterday", "forks_count": "many",
      "html_url": 7
      """)
    XCTAssertNil(odd.license)
    XCTAssertEqual(odd.topics, [])
    XCTAssertNil(odd.pushedAt)
    XCTAssertNil(odd.forksCount)
    XCTAssertNil(odd.htmlURL)
  }

  func testALicenseWithoutAnSPDXIdShowsItsName() throws {
    let read = try repository(#""license": {"spdx_id": "NOASSERTION", "name": "Other"}"#)
    XCTAssertEqual(read.license, "Other")
  }

  func testOnlyPlainWebAddressesAreKept() throws {
    for bad in [
      "javascript:alert(1)", "file:///etc/passwd", "https://github.com/a b", "https://",
      "https://user:secret@github.com/x", "https://github.com/x\\u001b]52;c;AAAA\\u0007",
      "-https://github.com", "ftp://github.com/x",
    ] {
      XCTAssertNil(try repository("\"html_url\": \"\(bad)\"").htmlURL, bad)
    }
    XCTAssertEqual(
      try repository(#""html_url": "http://127.0.0.1:8080/o/r""#).htmlURL?.absoluteString,
      "http://127.0.0.1:8080/o/r")
  }
}
