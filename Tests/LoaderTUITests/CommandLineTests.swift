import Foundation
import XCTest

@testable import AppCore
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

final class CommandLineTests: XCTestCase {
  func testDefaultsAreTheOfflineDemo() throws {
    XCTAssertEqual(try ArgumentParser.parse([]), .run(Options()))
    let options = Options()
    XCTAssertEqual(options.source, .demo)
    XCTAssertEqual(options.org, "RedMadRobot")
    XCTAssertEqual(options.organizationLatency, 3)
    XCTAssertEqual(options.repositoriesLatency, 5)
    XCTAssertEqual(options.timeout, 15)
  }

  func testFlagsAreRead() throws {
    guard
      case .run(let options) = try ArgumentParser.parse([
        "--github", "--org", "apple", "--timeout=5", "--headless", "--json", "--rounds", "3",
        "--no-timestamps", "--no-color", "--fail", "repos,round=2", "--fail-mode", "drop",
      ])
    else { return XCTFail("not a run") }
    XCTAssertEqual(options.source, .remote(URL(string: "https://api.github.com")!))
    XCTAssertEqual(options.org, "apple")
    XCTAssertEqual(options.timeout, 5)
    XCTAssertTrue(options.headless && options.json && options.noColor)
    XCTAssertFalse(options.timestamps)
    XCTAssertEqual(options.rounds, 3)
    XCTAssertEqual(options.failingRoutes, [.repositories])
    XCTAssertEqual(options.failingRounds, [2])
    XCTAssertEqual(options.failureMode, .drop)
  }

  func testServeDemoTakesAPort() throws {
    guard case .serveDemo(let options) = try ArgumentParser.parse(["serve-demo", "--port", "8080"])
    else { return XCTFail("not serve-demo") }
    XCTAssertEqual(options.port, 8080)
  }

  func testBadInputSaysWhatWasWrong() {
    let cases: [([String], String)] = [
      (["--bogus"], "Unknown option --bogus; see --help."),
      (["extra"], "Unexpected argument \"extra\"; see --help."),
      (["--org"], "--org needs a value; see --help."),
      (["--latency", "-1"], "--latency takes seconds from 0 to 600, not \"-1\"."),
      (["--rounds", "0"], "--rounds takes a whole number from 1 to 1000, not \"0\"."),
      (
        ["--org", "a/b"], "--org takes an organization login (letters, digits, - _ .), not \"a/b\"."
      ),
      (["--fail", "db"], "--fail takes org, repos or round=N (comma-separated), not \"db\"."),
      (
        ["--github", "--base-url", "https://x.test"], "Use either --github or --base-url, not both."
      ),
      (
        ["--org", "\u{1B}[31mred"],
        "--org takes an organization login (letters, digits, - _ .), not \"^[[31mred\"."
      ),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)") { error in
        XCTAssertEqual((error as? UsageError)?.description, message)
      }
    }
  }

  func testUsageErrorsGoToStderrWithExitTwo() throws {
    let run = try BinaryRun.run(["--latency", "soon"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderr, "loader-tui: --latency takes seconds from 0 to 600, not \"soon\".\n")
  }

  func testHelpNamesEveryFlagAndKey() throws {
    let run = try BinaryRun.run(["--help"])
    XCTAssertEqual(run.status, 0)
    for flag in [
      "--github", "--base-url", "--org", "--token-file", "--timeout", "--max-response-size",
      "--latency", "--org-latency", "--repos-latency", "--page-size", "--repos", "--fail",
      "--fail-mode", "--port", "--headless", "--json", "--rounds", "--no-timestamps",
      "--interactive", "--no-color", "--help", "--version", "serve-demo", "GITHUB_TOKEN",
    ] {
      XCTAssertTrue(run.stdout.contains(flag), flag)
    }
    for key in ["f, Enter", "Tab, Shift-Tab", "PgUp PgDn Home End", "q, Esc, Ctrl-C", "x "] {
      XCTAssertTrue(run.stdout.contains(key), key)
    }
  }

  func testVersion() throws {
    let run = try BinaryRun.run(["--version"])
    XCTAssertEqual(run.stdout, "loader-tui \(AppInfo.version)\n")
    XCTAssertEqual(run.status, 0)
  }

  func testTokenIsNeverSentOverPlainHTTPToARemoteHost() throws {
    let run = try BinaryRun.run(
      ["--base-url", "http://github.example.com/api/v3", "--headless"],
      environment: ["GITHUB_TOKEN": "secret-token"])
    XCTAssertEqual(run.status, 2)
    XCTAssertFalse(run.stderr.contains("secret-token"))
    XCTAssertEqual(
      run.stderr,
      "loader-tui: Refusing to send the token over plain http to github.example.com; use https, or unset GITHUB_TOKEN.\n"
    )
  }
}
