import DemoOptions
import XCTest

@testable import AppCommandLine

/// The built-in server's flags that make it behave like GitHub for a big owner over a slow
/// network: a delay per page, one page failing, and a rate limit; each reaches the server's
/// options, and a bad value is one line that says what to write.
final class DemoServerFlagsTests: XCTestCase {
  func testPageLatencyIsADelayOfEachPage() throws {
    XCTAssertNil(Options().pageLatency, "the repositories latency spread over the pages")
    XCTAssertNil(Options().demoServer.pageLatency)
    let given = try parsedOptions(["--page-latency", "0.3"])
    XCTAssertEqual(given.pageLatency, 0.3)
    XCTAssertEqual(given.demoServer.pageLatency, 0.3)
    XCTAssertEqual(given.repositoriesLatency, DemoServerOptions.defaultRepositoriesLatency)
    XCTAssertEqual(try parsedOptions(["--page-latency=0"]).demoServer.pageLatency, 0)
  }

  func testFailNamesPagesAndCombinesThemWithRounds() throws {
    let one = try parsedOptions(["--fail", "page=31"])
    XCTAssertEqual(one.failingPages, [31])
    XCTAssertEqual(one.failingRoutes, [], "page= implies the repositories route in the server")
    XCTAssertEqual(one.failingRounds, [])
    let round = try parsedOptions(["--fail", "page=2,round=1"]).demoServer
    XCTAssertEqual(round.failingPages, [2])
    XCTAssertEqual(round.failingRounds, [1])
    let several = try parsedOptions(["--fail", "page=2,page=5", "--fail", "org,page=7"])
    XCTAssertEqual(several.failingPages, [2, 5, 7])
    XCTAssertEqual(several.failingRoutes, [.organization])
  }

  /// A server on its own hears requests, not the app's fetches: a round after the first
  /// would never come, so it is a usage error there (the first round is every request).
  func testServeDemoOnItsOwnRefusesALaterRound() throws {
    XCTAssertThrowsError(try ArgumentParser.parse(["serve-demo", "--fail", "page=5,round=2"])) {
      let text = ($0 as? UsageError)?.description ?? "\($0)"
      XCTAssertTrue(text.hasPrefix("--fail round=2: serve-demo on its own"), text)
      XCTAssertTrue(text.contains("leave out round="), text)
    }
    guard
      case .serveDemo(let served) = try ArgumentParser.parse([
        "serve-demo", "--fail", "page=5,round=1",
      ])
    else { return XCTFail("not serve-demo") }
    XCTAssertEqual(served.failingRounds, [1])
    XCTAssertEqual(try parsedOptions(["--fail", "page=5,round=2"]).failingRounds, [2], "the app")
  }

  func testRateLimitIsTheRequestsAllowed() throws {
    XCTAssertEqual(Options().rateLimit, DemoServerOptions.defaultRateLimit)
    XCTAssertEqual(DemoServerOptions.defaultRateLimit, 5_000)
    XCTAssertEqual(try parsedOptions(["--rate-limit", "60"]).demoServer.rateLimit, 60)
    guard case .serveDemo(let served) = try ArgumentParser.parse(["serve-demo", "--rate-limit=31"])
    else { return XCTFail("not serve-demo") }
    XCTAssertEqual(served.rateLimit, 31)
  }

  func testSecondaryRateLimitIsAMode() throws {
    let given = try parsedOptions(["--fail", "repos", "--fail-mode", "secondary-rate-limit"])
    XCTAssertEqual(given.demoServer.failureMode, .secondaryRateLimit)
  }

  func testBadValuesSayWhatToWrite() {
    let cases: [([String], String)] = [
      (["--page-latency", "-1"], "--page-latency takes seconds from 0 to 600, not \"-1\"."),
      (["--page-latency", "soon"], "--page-latency takes seconds from 0 to 600, not \"soon\"."),
      (
        ["--fail", "page=0"],
        "--fail takes page=N with N a whole number from 1 (page=2), not \"page=0\"."
      ),
      (
        ["--fail", "repos,page=x"],
        "--fail takes page=N with N a whole number from 1 (page=2), not \"page=x\"."
      ),
      (
        ["--fail", "round=0"],
        "--fail takes round=N with N a whole number from 1 (round=2), not \"round=0\"."
      ),
      (
        ["--fail", "pages=2"],
        "--fail takes org, repos, round=N or page=N (comma-separated), not \"pages=2\"."
      ),
      (["--rate-limit", "0"], "--rate-limit takes a whole number from 1 to 1000000, not \"0\"."),
      (
        ["--rate-limit", "1e3"],
        "--rate-limit takes a whole number from 1 to 1000000, not \"1e3\"."
      ),
    ]
    for (arguments, expected) in cases {
      let text = usageMessage(arguments)
      XCTAssertEqual(text, expected, "\(arguments)")
      XCTAssertEqual(text?.contains("\n"), false, "one line: \(arguments)")
    }
  }

  func testTheNewFlagsConfigureTheBuiltInServer() {
    for flag in [["--page-latency", "1"], ["--rate-limit", "60"], ["--fail", "page=2"]] {
      XCTAssertEqual(
        usageMessage(["--github"] + flag),
        "\(flag[0]) configures the built-in server, which is not started with --github;"
          + " leave out one of them.")
    }
  }
}
