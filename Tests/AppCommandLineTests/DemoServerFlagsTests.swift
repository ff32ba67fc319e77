import DemoOptions
import XCTest

@testable import AppCommandLine

/// The built-in server's flags that make it behave like GitHub for a big owner over a slow
/// network: a delay per page; it reaches the server's options, and a bad value is one line that
/// says what to write.
final class DemoServerFlagsTests: XCTestCase {
  private func options(_ arguments: [String]) throws -> Options {
    guard case .run(let options) = try ArgumentParser.parse(arguments) else {
      throw UsageError(description: "not a run")
    }
    return options
  }

  private func message(_ arguments: [String]) -> String? {
    do {
      _ = try ArgumentParser.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  func testPageLatencyIsADelayOfEachPage() throws {
    XCTAssertNil(Options().pageLatency, "the repositories latency spread over the pages")
    XCTAssertNil(Options().demoServer.pageLatency)
    let given = try options(["--page-latency", "0.3"])
    XCTAssertEqual(given.pageLatency, 0.3)
    XCTAssertEqual(given.demoServer.pageLatency, 0.3)
    XCTAssertEqual(given.repositoriesLatency, DemoServerOptions.defaultRepositoriesLatency)
    XCTAssertEqual(try options(["--page-latency=0"]).demoServer.pageLatency, 0)
  }

  func testBadValuesSayWhatToWrite() {
    let cases: [([String], String)] = [
      (["--page-latency", "-1"], "--page-latency takes seconds from 0 to 600, not \"-1\"."),
      (["--page-latency", "soon"], "--page-latency takes seconds from 0 to 600, not \"soon\"."),
    ]
    for (arguments, expected) in cases {
      let text = message(arguments)
      XCTAssertEqual(text, expected, "\(arguments)")
      XCTAssertEqual(text?.contains("\n"), false, "one line: \(arguments)")
    }
  }

  func testTheNewFlagsConfigureTheBuiltInServer() {
    for flag in [["--page-latency", "1"]] {
      XCTAssertEqual(
        message(["--github"] + flag),
        "\(flag[0]) configures the built-in server, which is not started with --github;"
          + " leave out one of them.")
    }
  }
}
