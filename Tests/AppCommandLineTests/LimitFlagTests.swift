import XCTest

@testable import AppCommandLine

/// `--limit N`: the most repositories listed, from the command line or the config file; a bad
/// value is one line that says what to write, and the completions and manual page offer it.
final class LimitFlagTests: XCTestCase {
  func testEveryRepositoryIsListedUnlessALimitIsGiven() throws {
    XCTAssertNil(try parsedOptions([]).limit)
    XCTAssertEqual(try parsedOptions(["--limit", "25"]).limit, 25)
    XCTAssertEqual(try parsedOptions(["--limit=100000"]).limit, 100_000)
  }

  func testItGoesWithThePageCap() throws {
    let both = try parsedOptions(["--page-cap", "2", "--limit", "25"])
    XCTAssertEqual(both.pageCap, 2)
    XCTAssertEqual(both.limit, 25)
  }

  func testTheConfigFileGivesItAndTheCommandLineWins() throws {
    XCTAssertEqual(try parsedOptions([], config: "--limit 25\n").limit, 25)
    XCTAssertEqual(try parsedOptions(["--limit", "5"], config: "--limit 25\n").limit, 5)
  }

  func testBadValuesSayWhatToWrite() {
    for value in ["0", "abc", "100001", "-3", "2.5"] {
      XCTAssertEqual(
        usageMessage(["--limit", value]),
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
