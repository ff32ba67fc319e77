import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

/// `--help` is rendered from the flag table and the key table: the whole text is compared,
/// every flag in the table is in it and is accepted by the parser with its argument.
final class HelpTextTests: XCTestCase {
  /// An argument each placeholder accepts, different from every default.
  private let samples = [
    "URL": "https://github.example.com/api/v3", "NAME": "apple", "PATH": "/tmp/token",
    "SECONDS": "2", "BYTES": "2048", "N": "7", "LIST": "repos,round=1", "MODE": "drop",
    "DIR": "/tmp/cache", "THEME": "light", "ELEMENT=COLOR": "border=blue", "ACTION=KEYS": "quit=Q",
  ]

  /// `loader-tui --help` at 80 columns with the app's defaults, whole, as `Golden/help.txt`
  /// holds it (the version as `<version>`): a flag, key or default that changes shows there.
  func testHelpIsTheWholeExpectedText() throws {
    try GoldenText.check(
      HelpText.text.replacingOccurrences(of: AppInfo.version, with: "<version>"), file: "help.txt")
  }

  func testHelpFlagsPrintItAndExitZero() throws {
    for flag in ["--help", "-h"] {
      let run = try BinaryRun.run([flag, "--no-cache"])
      XCTAssertEqual(run.status, 0)
      XCTAssertEqual(run.stdout, HelpText.text + "\n")
      XCTAssertEqual(run.stderr, "")
    }
  }

  /// A mistake after `--help` or `--version` is refused as one before it is.
  func testAMistakeAfterHelpOrVersionIsAUsageError() throws {
    for flag in ["--help", "-h", "--version", "-V"] {
      let run = try BinaryRun.run([flag, "--bogus"])
      XCTAssertEqual(run.status, 2, flag)
      XCTAssertEqual(run.stdout, "", flag)
      XCTAssertEqual(run.stderr, "loader-tui: unknown flag --bogus; see --help.\n", flag)
    }
  }

  func testASubcommandsHelpListsItsOwnFlags() throws {
    for subcommand in Subcommand.allCases {
      let run = try BinaryRun.run([subcommand.rawValue, "--help"])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(run.stdout, HelpText.text(for: subcommand) + "\n")
      XCTAssertTrue(run.stdout.hasPrefix(subcommand.usage + ": "), run.stdout)
      XCTAssertFalse(run.stdout.contains("--github"), "not the app's flags: \(run.stdout)")
    }
    let server = HelpText.text(for: .serveDemo)
    for flag in ["--port N", "--fail-mode MODE", "--page-latency SECONDS", "--repos N"] {
      XCTAssertTrue(server.contains("  \(flag) "), flag)
    }
    XCTAssertTrue(HelpText.text(for: .cache).contains("  --cache-dir DIR "))
    XCTAssertEqual(
      try BinaryRun.run(["cache", "info", "-h"]).stdout, HelpText.text(for: .cache) + "\n")
  }

  func testEveryFlagIsInTheHelpAndAcceptedWithItsArgument() throws {
    let lines = HelpText.text.split(separator: "\n").map(String.init)
    for flag in FlagTable.all {
      XCTAssertTrue(
        lines.contains { $0.hasPrefix("  \(flag.usage)  ") }, "\(flag.usage) is not in the help")
      // Where the flag applies: serve-demo first for its own flags, and the flag it needs.
      var context = flag.scope == .serveDemo ? ["serve-demo"] : []
      if let required = flag.requires, let needed = FlagTable.flag(named: required.rawValue) {
        context +=
          [required.rawValue] + (needed.argument.flatMap { samples[$0] }.map { [$0] } ?? [])
      }
      let defaults = try ArgumentParser.parse(context)
      switch flag.action {
      case .invoke(let invocation):
        XCTAssertEqual(try ArgumentParser.parse([flag.name]), invocation)
        XCTAssertEqual(try ArgumentParser.parse([try XCTUnwrap(flag.shortName)]), invocation)
      case .set:
        XCTAssertNotEqual(try ArgumentParser.parse(context + [flag.name]), defaults, flag.name)
      case .read(let placeholder, _):
        let sample = try XCTUnwrap(samples[placeholder], "no sample for \(placeholder)")
        let separate = try ArgumentParser.parse(context + [flag.name, sample])
        XCTAssertNotEqual(separate, defaults, "\(flag.name) \(sample) changes nothing")
        XCTAssertEqual(try ArgumentParser.parse(context + ["\(flag.name)=\(sample)"]), separate)
        if flag.scope == .builtInServer {
          XCTAssertEqual(
            try ArgumentParser.parse(["serve-demo"] + context + [flag.name, sample]),
            .serveDemo(try options(separate)), "serve-demo \(flag.name)")
        }
        XCTAssertThrowsError(try ArgumentParser.parse(context + [flag.name])) { error in
          XCTAssertEqual(
            (error as? UsageError)?.description, "\(flag.name) needs a value; see --help.")
        }
      }
    }
  }

  func testFlagNamesAreUnique() {
    let names = FlagTable.all.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
    XCTAssertEqual(Set(names).count, names.count, "\(names)")
  }

  /// Defaults in the help are read from the options, never written by hand.
  func testHelpShowsTheDefaultsItIsGiven() {
    var defaults = Options()
    defaults.timeout = 42
    defaults.organizationLatency = 0.5
    defaults.failureMode = .drop
    let changed = Set(HelpText.render(width: 80, defaults: defaults).split(separator: "\n"))
      .subtracting(HelpText.text.split(separator: "\n"))
    XCTAssertEqual(
      changed,
      [
        "                             (default 42)",
        "  --org-latency SECONDS      delay of the organization route (default 0.5)",
        "                             hostile-text, wide-text (default drop)",
        "  # offline, the built-in server, 0.5 s and 5 s delays",
      ])
  }

  func testHelpWrapsToTheWidth() {
    let narrow = HelpText.render(width: 76, defaults: Options()).split(separator: "\n")
    for line in narrow {
      XCTAssertLessThanOrEqual(TextWidth.of(String(line)), 76, String(line))
    }
    let wide = HelpText.render(width: 120, defaults: Options()).split(separator: "\n")
    XCTAssertLessThan(wide.count, narrow.count)
    XCTAssertTrue(
      wide.contains(
        "  --timeout SECONDS          overall deadline of one request, in seconds (default 15)"))
  }

  /// Every command in the examples is one the parser accepts.
  func testExamplesParse() throws {
    for example in HelpText.examples(defaults: Options()) {
      for command in example.commands {
        var words = command.split(separator: " ").map(String.init)
        if let pipe = words.firstIndex(of: "|") { words = Array(words[..<pipe]) }
        words = Array(words.drop { $0.contains("=") })
        XCTAssertEqual(words.first, "loader-tui", command)
        XCTAssertNoThrow(try ArgumentParser.parse(Array(words.dropFirst())), command)
      }
    }
  }

  private func options(_ invocation: Invocation) throws -> Options {
    guard case .run(let options) = invocation else { throw UsageError(description: "not a run") }
    return options
  }
}
