import Foundation
import XCTest

@testable import GitHubAPI

/// GitHub's timestamps read without Foundation's calendar give the dates Foundation gives.
final class GitHubDateTests: XCTestCase {
  func testAgreesWithFoundationOverFourCenturies() throws {
    var generator = SystemRandomNumberGenerator()
    // 1600 to 2400, and the edges of months, leap days and the epoch.
    var seconds: [Int] = [0, -1, 951_782_400, 951_868_799, 4_107_542_399, -11_676_096_000]
    for _ in 0..<5_000 {
      seconds.append(Int.random(in: -11_676_096_000...13_569_465_600, using: &generator))
    }
    for value in seconds {
      let date = Date(timeIntervalSince1970: TimeInterval(value))
      let text = date.formatted(.iso8601)
      XCTAssertEqual(GitHubDate.utcSeconds(text), value, text)
      XCTAssertEqual(GitHubDate.parse(text), try Date(text, strategy: .iso8601), text)
    }
  }

  func testOtherFormsGoToFoundation() throws {
    for text in ["2024-05-01T12:34:56+02:00", "2024-05-01T12:34:56.5Z", "2024-02-30T00:00:00Z"] {
      XCTAssertNil(GitHubDate.utcSeconds(text), text)
      XCTAssertEqual(GitHubDate.parse(text), try? Date(text, strategy: .iso8601), text)
    }
    for text in [
      "", "2024-05-01", "2024-13-01T00:00:00Z", "2024-05-01T24:00:00Z", "x024-05-01T00:00:00Z",
    ] {
      XCTAssertNil(GitHubDate.utcSeconds(text), text)
    }
  }
}
