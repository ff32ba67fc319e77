import Foundation
import XCTest

@testable import AppCommandLine
@testable import LoaderTUI

/// Conflicting and mistyped flags through the built binary: exit code 2, nothing on stdout,
/// exactly one line on stderr, and nothing started.
final class FlagConflictBinaryTests: XCTestCase {
  func testConflictsExitTwoWithOneLine() throws {
    let cases: [([String], String)] = [
      (
        ["--github", "--latency", "0", "--headless"],
        "--latency configures the built-in server, which is not started with --github;"
          + " leave out one of them."
      ),
      (
        ["--fail-mode", "drop", "--headless"],
        "--fail-mode only applies with --fail; add --fail LIST or leave out --fail-mode."
      ),
      (
        ["--port", "8080"],
        "--port applies only to serve-demo; run loader-tui serve-demo --port N."
      ),
      (
        ["--interactive", "--json"],
        "--json is for headless output, which is off with --interactive; leave out one of them."
      ),
      (["--latncy", "0"], "unknown flag --latncy; did you mean --latency?"),
      (["--help=foo"], "--help takes no value; see --help."),
      (
        ["serve-demo", "--headless"],
        "--headless does not apply to serve-demo, which runs only the built-in server;"
          + " leave it out."
      ),
    ]
    for (arguments, message) in cases {
      let run = try BinaryRun.run(arguments)
      XCTAssertEqual(run.status, 2, "\(arguments)")
      XCTAssertEqual(run.stdout, "", "\(arguments)")
      XCTAssertEqual(run.stderr, "loader-tui: \(message)\n", "\(arguments)")
    }
  }
}
