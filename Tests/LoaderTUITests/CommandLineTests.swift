import DemoOptions
import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

final class CommandLineTests: XCTestCase {
  func testDefaultsAreTheOfflineDemo() throws {
    XCTAssertEqual(try ArgumentParser.parse([]), .run(Options()))
    let options = Options()
    XCTAssertEqual(options.source, .demo)
    XCTAssertEqual(options.owner, "RedMadRobot")
    XCTAssertEqual(options.organizationLatency, 3)
    XCTAssertEqual(options.repositoriesLatency, 5)
    XCTAssertEqual(options.timeout, 15)
  }

  /// The command line starts from the libraries' own defaults, so a default changed there
  /// changes the app and its help together.
  func testDefaultsAreTheLibrariesDefaults() {
    let options = Options()
    let configuration = GitHubConfiguration(
      baseURL: FlagTable.gitHubAPI, owner: options.owner, ownerKind: .organization)
    XCTAssertEqual(options.timeout, configuration.timeout)
    XCTAssertEqual(options.maximumResponseSize, configuration.maximumResponseSize)
    XCTAssertEqual(options.pageCap, configuration.pageCap)
    let demo = DemoServer.Options()
    XCTAssertEqual(options.owner, GitHubLogin(demo.login))
    XCTAssertEqual(options.organizationLatency, demo.organizationLatency)
    XCTAssertEqual(options.repositoriesLatency, demo.repositoriesLatency)
    XCTAssertNil(options.pageSize, "the server's own default, which follows --repos")
    XCTAssertEqual(
      demo.maximumPageSize, DemoServer.Options(maximumPageSize: options.pageSize).maximumPageSize)
    XCTAssertEqual(options.failureMode, demo.failureMode)
    XCTAssertEqual(options.repositoryCount, demo.repositoryCount)
  }

  func testFlagsAreRead() throws {
    guard
      case .run(let options) = try ArgumentParser.parse([
        "--github", "--org", "apple", "--timeout=5", "--headless", "--json", "--rounds", "3",
        "--no-timestamps", "--ascii",
      ])
    else { return XCTFail("not a run") }
    XCTAssertEqual(options.source, .remote(URL(string: "https://api.github.com")!))
    XCTAssertEqual(options.owner, "apple")
    XCTAssertEqual(options.timeout, 5)
    XCTAssertTrue(options.headless && options.json && options.ascii)
    XCTAssertFalse(options.timestamps)
    XCTAssertEqual(options.rounds, 3)
    guard
      case .run(let demo) = try ArgumentParser.parse([
        "--fail", "repos,round=2", "--fail-mode", "drop", "--repos", "500", "--page-size", "50",
        "--no-color", "--no-mouse",
      ])
    else { return XCTFail("not a run") }
    XCTAssertEqual(demo.failingRoutes, [.repositories])
    XCTAssertEqual(demo.failingRounds, [2])
    XCTAssertEqual(demo.failureMode, .drop)
    XCTAssertEqual(demo.repositoryCount, 500)
    XCTAssertEqual(demo.pageSize, 50)
    XCTAssertTrue(demo.noColor)
    XCTAssertFalse(demo.mouse)
    XCTAssertTrue(Options().mouse)
    XCTAssertFalse(Options().ascii)
  }

  func testServeDemoTakesAPort() throws {
    guard case .serveDemo(let options) = try ArgumentParser.parse(["serve-demo", "--port", "8080"])
    else { return XCTFail("not serve-demo") }
    XCTAssertEqual(options.port, 8080)
  }

  func testBadInputSaysWhatWasWrong() {
    let cases: [([String], String)] = [
      (["--bogus"], "unknown flag --bogus; see --help."),
      (["extra"], "unexpected argument \"extra\"; see --help."),
      (["cahce", "info"], "unknown command cahce; did you mean cache?"),
      (["serve-dmeo"], "unknown command serve-dmeo; did you mean serve-demo?"),
      (["--org"], "--org needs a value; see --help."),
      (
        ["--org", "--headless"],
        "--org needs a value, but --headless is a flag; put the value right after --org."
      ),
      (
        ["--org", "a--b"],
        "--org takes a GitHub login (letters, digits and single hyphens, at most 39), not \"a--b\" (two hyphens in a row)."
      ),
      (["--latency", "-1"], "--latency takes seconds from 0 to 600, not \"-1\"."),
      (["--rounds", "0"], "--rounds takes a whole number from 1 to 1000, not \"0\"."),
      (
        ["--org", "a/b"],
        "--org takes a GitHub login (letters, digits and single hyphens, at most 39), not \"a/b\" (a character other than letters, digits and hyphens)."
      ),
      (
        ["--fail", "db"],
        "--fail takes org, repos, round=N or page=N (comma-separated), not \"db\"."
      ),
      (
        ["--github", "--base-url", "https://x.test"], "Use either --github or --base-url, not both."
      ),
      (["--headless", "--interactive"], "Use either --headless or --interactive, not both."),
      (["--headless=yes"], "--headless takes no value; see --help."),
      (["--timeout=0.5"], "--timeout takes seconds from 1 to 3600, not \"0.5\"."),
      (
        ["--base-url", "ftp://x.test"],
        "--base-url needs an http or https URL such as https://github.example.com/api/v3, not \"ftp://x.test\"."
      ),
      (
        ["--fail-mode", "slow"], "--fail-mode takes one of \(DemoFailureMode.names); not \"slow\"."
      ),
      (
        ["--org", "\u{1B}[31mred"],
        "--org takes a GitHub login (letters, digits and single hyphens, at most 39), not \"^[[31mred\" (a character other than letters, digits and hyphens)."
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
    let refused = [
      ["--bogus"], ["--json=yes"], ["--fail-mode", "slow"], ["--rounds"], ["--page-latency", "-1"],
      ["--fail", "page=0"], ["--rate-limit", "0"],
    ]
    for arguments in refused {
      let run = try BinaryRun.run(arguments)
      XCTAssertEqual(run.status, 2, "\(arguments)")
      XCTAssertEqual(run.stdout, "", "\(arguments)")
      XCTAssertTrue(run.stderr.hasPrefix("loader-tui: "), run.stderr)
      XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)")
    }
  }

  /// The first line is the app's (scripts read it), then the libraries it runs with, as they
  /// report themselves.
  func testVersionNamesTheLibraries() throws {
    let run = try BinaryRun.run(["--version"])
    run.assertEnded(with: 0, stderr: "")
    let lines = run.lines
    XCTAssertEqual(lines.count, 3, run.stdout)
    XCTAssertEqual(lines.first, "loader-tui \(AppInfo.version)")
    XCTAssertEqual(run.stdout, VersionText.render(LibraryVersions.current) + "\n")
    let curl = try XCTUnwrap(lines.dropFirst().first)
    XCTAssertNotNil(
      curl.range(of: #"^libcurl \d+\.\d+\.\d+ \(TLS [A-Za-z]+/\S+"#, options: .regularExpression),
      curl)
    XCTAssertNotNil(
      lines.last?.range(of: #"^ncurses \d+\.\d+"#, options: .regularExpression), run.stdout)
  }

  func testTokenIsNeverSentOverPlainHTTPToARemoteHost() throws {
    let run = try BinaryRun.run(
      ["--base-url", "http://github.example.com/api/v3", "--headless"],
      environment: ["GITHUB_TOKEN": "secret-token"])
    XCTAssertEqual(run.status, 2)
    XCTAssertFalse(run.stderr.contains("secret-token"))
    XCTAssertEqual(
      run.stderr,
      "loader-tui: Refusing to send the token from GITHUB_TOKEN over plain http to "
        + "github.example.com; use https, or unset GITHUB_TOKEN.\n"
    )
  }
}
