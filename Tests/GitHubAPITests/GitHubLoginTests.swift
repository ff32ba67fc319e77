import XCTest

@testable import GitHubAPI

/// Logins as GitHub checks them, wherever one is typed (a flag, the config file).
final class GitHubLoginTests: XCTestCase {
  func testLettersDigitsAndSingleHyphensInsideAreALogin() {
    for login in [
      "RedMadRobot", "a", "apple", "swift-server", "x1-y2-z3", String(repeating: "a", count: 39),
    ] {
      XCTAssertNil(GitHubLogin.problem(login), login)
    }
  }

  func testEachMistakeIsNamed() {
    let cases = [
      ("", "empty"),
      (String(repeating: "a", count: 40), "longer than 39 characters"),
      ("my_org", "a character other than letters, digits and hyphens"),
      ("a/b", "a character other than letters, digits and hyphens"),
      ("café", "a character other than letters, digits and hyphens"),
      ("-apple", "a hyphen first or last"),
      ("apple-", "a hyphen first or last"),
      ("--headless", "a hyphen first or last"),
      ("a--b", "two hyphens in a row"),
    ]
    for (text, problem) in cases {
      XCTAssertEqual(GitHubLogin.problem(text), problem, text)
    }
  }
}
