import XCTest

@testable import GitHubAPI

/// Logins as GitHub checks them, wherever one is typed (a flag, the config file), and compares
/// them: without case, shown as spelled.
final class GitHubLoginTests: XCTestCase {
  func testTwoSpellingsOfOneLoginAreOneKeyShownAsSpelled() {
    let login = GitHubLogin("RedMadRobot")
    XCTAssertEqual(login, "redmadrobot")
    XCTAssertNotEqual(login, "RedMadRobot2")
    XCTAssertEqual(Set<GitHubLogin>(["RedMadRobot", "REDMADROBOT", "redmadrobot"]).count, 1)
    XCTAssertEqual(["redmadrobot": 1][login], 1, "a dictionary finds it in any case")
    XCTAssertEqual(login.spelling, "RedMadRobot")
    XCTAssertEqual("\(login)", "RedMadRobot")
    XCTAssertTrue(login.hasPrefix("redm"))
    XCTAssertFalse(login.hasPrefix("apple"))
  }

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
