import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

/// A flag given where it cannot apply is a usage error that names the conflict and what to do,
/// never silently ignored; a mistyped flag is answered with the nearest one.
final class FlagConflictTests: XCTestCase {
  private func message(_ arguments: [String]) -> String? {
    do {
      _ = try ArgumentParser.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  func testBuiltInServerFlagsAreRefusedWithARemoteSource() {
    let server: [[String]] = [
      ["--latency", "0"], ["--org-latency", "1"], ["--repos-latency", "1"], ["--page-size", "5"],
      ["--repos", "50"], ["--fail", "repos"], ["--fail", "org", "--fail-mode", "drop"],
    ]
    for remote in [["--github"], ["--base-url", "https://github.example.com/api/v3"]] {
      for flag in server {
        for arguments in [remote + flag, flag + remote] {
          XCTAssertEqual(
            message(arguments),
            "\(flag[0]) configures the built-in server, which is not started with \(remote[0]);"
              + " leave out one of them.", "\(arguments)")
        }
      }
    }
  }

  func testFailModeNeedsFail() {
    let expected = "--fail-mode only applies with --fail; add --fail LIST or leave out --fail-mode."
    XCTAssertEqual(message(["--fail-mode", "drop"]), expected)
    XCTAssertEqual(message(["serve-demo", "--fail-mode", "drop"]), expected)
    XCTAssertNil(message(["--fail-mode", "drop", "--fail", "repos"]))
  }

  func testPortNeedsServeDemo() {
    let expected = "--port applies only to serve-demo; run loader-tui serve-demo --port N."
    XCTAssertEqual(message(["--port", "8080"]), expected)
    XCTAssertEqual(message(["--headless", "--port=0"]), expected)
  }

  func testHeadlessOutputFlagsAreRefusedWithInteractive() {
    for flag in [["--json"], ["--rounds", "2"], ["--no-timestamps"]] {
      XCTAssertEqual(
        message(["--interactive"] + flag),
        "\(flag[0]) is for headless output, which is off with --interactive; leave out one of them."
      )
      XCTAssertNil(message(flag), "without --interactive a fallback to headless uses \(flag)")
    }
  }

  func testTerminalFlagsAreRefusedWithHeadless() {
    for flag in ["--no-mouse", "--no-color"] {
      XCTAssertEqual(
        message([flag, "--headless"]),
        "\(flag) is for the terminal UI, which is off with --headless; leave out one of them.")
      XCTAssertNil(message(["--interactive", flag]))
    }
  }

  /// `serve-demo` takes the built-in server's flags and `--port`, and nothing that only the
  /// app reads.
  func testServeDemoTakesServerFlagsOnly() throws {
    guard
      case .serveDemo(let options) = try ArgumentParser.parse([
        "serve-demo", "--port", "8080", "--latency", "0", "--page-size", "100", "--repos", "300",
        "--fail", "round=1", "--fail-mode", "truncated",
      ])
    else { return XCTFail("not serve-demo") }
    XCTAssertEqual(options.port, 8080)
    XCTAssertEqual(options.organizationLatency, 0)
    XCTAssertEqual(options.pageSize, 100)
    XCTAssertEqual(options.repositoryCount, 300)
    XCTAssertEqual(options.failingRounds, [1])
    XCTAssertEqual(options.failureMode, .truncated)
    for flag in [["--headless"], ["--json"], ["--github"], ["--org", "apple"], ["--no-mouse"]] {
      XCTAssertEqual(
        message(["serve-demo"] + flag),
        "\(flag[0]) does not apply to serve-demo, which runs only the built-in server; leave it out."
      )
    }
    XCTAssertEqual(
      message(["--latency", "0", "serve-demo"]),
      "serve-demo comes first: loader-tui serve-demo [--port N].")
  }

  func testUnknownFlagsSuggestTheNearest() {
    let cases: [(String, String?)] = [
      ("--latncy", "--latency"), ("--lantecy", "--latency"), ("-latency", "--latency"),
      ("--jsno", "--json"), ("--no-colour", "--no-color"), ("--NO-MOUSE", "--no-mouse"),
      ("--head", "--headless"), ("--repos-lat", "--repos-latency"), ("--verison", "--version"),
      ("--bogus", nil), ("--no", nil), ("--verbose", nil), ("-x", nil), ("--", nil),
    ]
    for (typed, nearest) in cases {
      XCTAssertEqual(
        message([typed, "1"]),
        nearest.map { "unknown flag \(typed); did you mean \($0)?" }
          ?? "unknown flag \(typed); see --help.", typed)
    }
    XCTAssertEqual(message(["--latncy=3"]), "unknown flag --latncy; did you mean --latency?")
  }

  func testFlagsThatTakeNoValueRefuseOne() {
    for flag in ["--help", "-h", "--version", "--ascii", "--no-mouse", "--github"] {
      let name = flag == "-h" ? "--help" : flag
      XCTAssertEqual(message(["--\(name.dropFirst(2))=foo"]), "\(name) takes no value; see --help.")
    }
  }

  /// The scope agrees with what the help says: "headless: …" and "serve-demo: …" flags and
  /// the built-in server's section.
  func testScopesAgreeWithTheHelp() {
    for flag in FlagTable.all {
      if flag.help.hasPrefix("headless:") { XCTAssertEqual(flag.scope, .headless, flag.name) }
      if flag.help.hasPrefix("serve-demo:") { XCTAssertEqual(flag.scope, .serveDemo, flag.name) }
      if flag.group == .server, flag.scope != .serveDemo {
        XCTAssertEqual(flag.scope, .builtInServer, flag.name)
      }
      if flag.scope == .builtInServer { XCTAssertEqual(flag.group, .server, flag.name) }
    }
  }

  func testEditDistance() {
    XCTAssertEqual(FlagSuggestion.distance("", "abc"), 3)
    XCTAssertEqual(FlagSuggestion.distance("latency", "latency"), 0)
    XCTAssertEqual(FlagSuggestion.distance("latncy", "latency"), 1)
    XCTAssertEqual(FlagSuggestion.distance("latnecy", "latency"), 1)
    XCTAssertEqual(FlagSuggestion.distance("kitten", "sitting"), 3)
  }
}
