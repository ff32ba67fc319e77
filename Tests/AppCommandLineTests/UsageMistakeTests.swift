import XCTest

@testable import AppCommandLine

/// A mistake on the command line is refused wherever it stands, `--help` and `--version`
/// included; a word that is no command suggests the nearest command or flag; a `--base-url`
/// part the app would drop is refused by name.
final class UsageMistakeTests: XCTestCase {
  func testAMistakeWinsOverHelpAndVersionOnEitherSide() {
    let cases: [([String], String)] = [
      (["--version", "--bogus"], "unknown flag --bogus; see --help."),
      (["--bogus", "--version"], "unknown flag --bogus; see --help."),
      (["-h", "--latncy", "0"], "unknown flag --latncy; did you mean --latency?"),
      (["--help", "--rounds", "0"], "--rounds takes a whole number from 1 to 1000, not \"0\"."),
      (["-V", "--org"], "--org needs a value; see --help."),
      (["serve-demo", "--bogus", "--help"], "unknown flag --bogus; see --help."),
      (
        ["cache", "info", "--help", "--cache-dri", "x"],
        "unknown flag --cache-dri; did you mean --cache-dir?"
      ),
    ]
    for (arguments, message) in cases {
      XCTAssertEqual(usageMessage(arguments), message, "\(arguments)")
    }
    XCTAssertEqual(try ArgumentParser.parse(["--help", "--version"]), .help, "the first asked")
    XCTAssertEqual(try ArgumentParser.parse(["--no-cache", "-V"]), .version)
    XCTAssertEqual(try ArgumentParser.parse(["cache", "info", "-h"]), .subcommandHelp(.cache))
    XCTAssertEqual(try ArgumentParser.parse(["cache", "-h"]), .subcommandHelp(.cache))
    XCTAssertEqual(
      try ArgumentParser.parse(["completions", "zsh", "--help"]), .subcommandHelp(.completions))
  }

  func testAWordThatIsNoCommandSuggestsTheNearestCommandOrFlag() {
    let cases: [([String], String)] = [
      (["help"], "unknown command help; did you mean --help?"),
      (["version"], "unknown command version; did you mean --version?"),
      (["hepl"], "unknown command hepl; did you mean --help?"),
      (["headles"], "unknown command headles; did you mean --headless?"),
      (["cahce"], "unknown command cahce; did you mean cache?"),
      (["--org", "acme", "extra"], "unexpected argument \"extra\"; see --help."),
      (["cache", "inf"], "unknown cache command inf; did you mean info?"),
      (
        ["completions", "bsh"],
        "completions knows bash, zsh and fish, not \"bsh\"; did you mean bash?"
      ),
    ]
    for (arguments, message) in cases {
      XCTAssertEqual(usageMessage(arguments), message, "\(arguments)")
    }
  }

  func testABaseURLPartTheAppWouldDropIsRefusedByName() {
    XCTAssertEqual(
      usageMessage(["--base-url", "http://127.0.0.1:18080?x=1"]),
      "--base-url takes the API's root URL, without a query; leave out \"?x=1\" from "
        + "\"http://127.0.0.1:18080?x=1\".")
    XCTAssertEqual(
      usageMessage(["--base-url", "https://ghe.example/api/v3#top"]),
      "--base-url takes the API's root URL, without a fragment; leave out \"#top\" from "
        + "\"https://ghe.example/api/v3#top\".")
    for url in ["http://user:pw@127.0.0.1:18080", "https://user@ghe.example/api/v3"] {
      let message = usageMessage(["--base-url", url])
      XCTAssertEqual(
        message,
        "--base-url holds a user name or password before the host; leave it out of the URL and "
          + "give the token with GITHUB_TOKEN or --token-file.")
      XCTAssertFalse(message?.contains("pw") ?? true, "the password is not repeated")
    }
    XCTAssertEqual(
      usageMessage([], config: "--base-url https://ghe.example/api/v3?per_page=5"),
      "\(testConfigPath):1: --base-url takes the API's root URL, without a query; leave out "
        + "\"?per_page=5\" from \"https://ghe.example/api/v3?per_page=5\".")
    XCTAssertEqual(
      try parsedOptions(["--base-url", "https://ghe.example/api/v3"]).source,
      .remote(URL(string: "https://ghe.example/api/v3")!))
  }
}

/// Headless output flags typed without `--headless` stop a start in the terminal UI, which
/// would drop them; the config file's never do.
final class HeadlessFlagsInTerminalTests: XCTestCase {
  func testTypedHeadlessFlagsAreRefusedWhereTheTerminalUIStarts() throws {
    XCTAssertEqual(
      try parsedOptions(["--json", "--rounds", "2"]).terminalRefusal?.description,
      "--json and --rounds are for headless output, but the app draws its terminal UI here; "
        + "add --headless to print the state changes instead, or leave them out.")
    XCTAssertEqual(
      try parsedOptions(["--trace", "--no-timestamps", "--trace", "--json"]).terminalRefusal?
        .description,
      "--trace, --no-timestamps and --json are for headless output, but the app draws its "
        + "terminal UI here; add --headless to print the state changes instead, or leave them "
        + "out.")
    XCTAssertEqual(
      try parsedOptions(["--no-timestamps"]).terminalRefusal?.description,
      "--no-timestamps is for headless output, but the app draws its terminal UI here; add "
        + "--headless to print the state changes instead, or leave it out.")
  }

  func testHeadlessRunsAndTheConfigFilesFlagsAreNotRefused() throws {
    XCTAssertNil(try parsedOptions(["--headless", "--json", "--rounds", "2"]).terminalRefusal)
    XCTAssertNil(try parsedOptions(["--json"], config: "--headless").terminalRefusal)
    XCTAssertNil(try parsedOptions([]).terminalRefusal)
    let file = try parsedOptions(["--no-cache"], config: "--json\n--rounds 3")
    XCTAssertNil(file.terminalRefusal, "the file's flags are for runs without a terminal")
    XCTAssertEqual(file.rounds, 3, "and they still apply to those")
  }
}
