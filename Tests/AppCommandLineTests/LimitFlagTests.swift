import XCTest

@testable import AppCommandLine

/// `--limit N`: the most repositories listed, from the command line or the config file; a bad
/// value is one line that says what to write, and the completions and manual page offer it.
final class LimitFlagTests: XCTestCase {
  private let path = "/home/me/.config/loader-tui/config"

  private func options(_ arguments: [String], config: String = "") throws -> Options {
    let invocation = try ArgumentParser.parse(arguments) { () throws(UsageError) in
      ConfigFile(path: self.path, text: config, home: "/home/me")
    }
    guard case .run(let options) = invocation else { throw UsageError(description: "not a run") }
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

  func testEveryRepositoryIsListedUnlessALimitIsGiven() throws {
    XCTAssertNil(try options([]).limit)
    XCTAssertEqual(try options(["--limit", "25"]).limit, 25)
    XCTAssertEqual(try options(["--limit=100000"]).limit, 100_000)
  }

  func testItGoesWithThePageCap() throws {
    let both = try options(["--page-cap", "2", "--limit", "25"])
    XCTAssertEqual(both.pageCap, 2)
    XCTAssertEqual(both.limit, 25)
  }

  func testTheConfigFileGivesItAndTheCommandLineWins() throws {
    XCTAssertEqual(try options([], config: "--limit 25\n").limit, 25)
    XCTAssertEqual(try options(["--limit", "5"], config: "--limit 25\n").limit, 5)
  }

  func testBadValuesSayWhatToWrite() {
    for value in ["0", "abc", "100001", "-3", "2.5"] {
      XCTAssertEqual(
        message(["--limit", value]),
        "--limit takes a whole number from 1 to 100000, not \"\(value)\".")
    }
  }

  func testCompletionsAndTheManualPageOfferIt() {
    for shell in [Shell.bash, .zsh, .fish] {
      XCTAssertTrue(Completions.script(for: shell).contains("limit"), "\(shell)")
    }
    XCTAssertTrue(ManualPage.render(defaults: Options()).contains("limit"))
  }
}
