import XCTest

@testable import AppCommandLine

/// The config file's lines: flags as on the command line, comments, and every mistake named
/// by file and line.
final class ConfigFileTests: XCTestCase {
  private let path = "/home/me/.config/loader-tui/config"

  /// The options of `arguments` with a config file holding `text`.
  private func options(_ text: String, _ arguments: [String] = []) throws -> Options {
    let invocation = try ArgumentParser.parse(arguments) { () throws(UsageError) in
      ConfigFile(path: self.path, text: text, home: "/home/me")
    }
    guard case .run(let options) = invocation else { throw UsageError(description: "not a run") }
    return options
  }

  /// The error a config file holding `text` ends in.
  private func error(_ text: String, _ arguments: [String] = []) -> String? {
    do {
      _ = try ArgumentParser.parse(arguments) { () throws(UsageError) in
        ConfigFile(path: self.path, text: text, home: "/home/me")
      }
      return nil
    } catch {
      return error.description
    }
  }

  func testLinesAreFlagsAsOnTheCommandLine() throws {
    let text = """
      \u{FEFF}# where my data comes from
      --github

        --org apple\r
      --timeout=30
      \t--retries\t5\t
      # --org ignored
      --headless
      --token-file ~/.config/loader-tui/token
      """
    let options = try options(text)
    XCTAssertEqual(options.source, .remote(FlagTable.gitHubAPI))
    XCTAssertEqual(options.owner, "apple")
    XCTAssertEqual(options.timeout, 30)
    XCTAssertEqual(options.retries, 5)
    XCTAssertTrue(options.headless)
    XCTAssertEqual(options.tokenFile, "/home/me/.config/loader-tui/token")
  }

  func testAnEmptyFileChangesNothing() throws {
    XCTAssertEqual(try options(""), Options())
    XCTAssertEqual(try options("# nothing\n\n   \n"), Options())
  }

  func testMistakesNameTheFileAndLine() {
    let cases: [(String, String)] = [
      ("--latncy 0", "1: unknown flag --latncy; did you mean --latency?"),
      (
        "# ok\n--org a/b",
        "2: --org takes a GitHub login (letters, digits and single hyphens, at most 39), not \"a/b\" (a character other than letters, digits and hyphens)."
      ),
      ("--timeout x", "1: --timeout takes seconds from 1 to 3600, not \"x\"."),
      ("--headless yes", "1: --headless takes no value; see --help."),
      ("--headless=yes", "1: --headless takes no value; see --help."),
      ("--org", "1: --org needs a value on the same line: --org NAME."),
      ("--org=", "1: --org needs a value on the same line: --org NAME."),
      ("--help", "1: --help does not belong in a config file; delete the line."),
      ("-V", "1: -V does not belong in a config file; delete the line."),
      ("--no-config", "1: --no-config in the config file itself does nothing; delete the line."),
      (
        "serve-demo",
        "1: serve-demo is a command, not a flag; a config file holds flags, one a line."
      ),
      ("org apple", "1: expected a flag, one a line (such as --org NAME), not \"org apple\"."),
      ("--bogus", "1: unknown flag --bogus; see --help."),
      (
        "--token-file token",
        "1: --token-file needs an absolute path (or one starting with ~/) in a config file, not \"token\"."
      ),
      (
        "--cache-dir cache/",
        "1: --cache-dir needs an absolute path (or one starting with ~/) in a config file, not \"cache/\"."
      ),
      ("--github\n\n--base-url https://x.test", "3: Use either --github or --base-url, not both."),
      (
        "--github\n--latency 0",
        "2: --latency configures the built-in server, which is not started with --github; leave out one of them."
      ),
      (
        "--fail repos\n--base-url https://x.test",
        "2: --fail configures the built-in server, which is not started with --base-url; leave out one of them."
      ),
      (
        "--org \u{1B}[31mred",
        "1: --org takes a GitHub login (letters, digits and single hyphens, at most 39), not \"^[[31mred\" (a character other than letters, digits and hyphens)."
      ),
    ]
    for (text, message) in cases {
      XCTAssertEqual(error(text), "\(path):\(message)", text)
    }
  }

  /// A token never comes from the config file, and a line that looks like one is refused
  /// without being repeated.
  func testLinesThatLookLikeATokenAreRefused() {
    let refusal =
      "a token does not belong in a config file; name the file that holds it with --token-file"
      + " PATH, or set GITHUB_TOKEN."
    let secret = "ghp_" + String(repeating: "A1b2", count: 9)
    for text in [
      "GITHUB_TOKEN=\(secret)", "export GITHUB_TOKEN=\"\(secret)\"", "GH_TOKEN \(secret)",
      "--token \(secret)", "--token=abc", "token: abc", "--org \(secret)",
      "--base-url https://\(secret)@github.example.com",
      "github_pat_11ABCDEFG0123456789_abcdefghij",
      "--org " + String(repeating: "0f", count: 20),
    ] {
      let message = error("# mine\n" + text)
      XCTAssertEqual(message, "\(path):2: \(refusal)", text)
      XCTAssertFalse(message?.contains(secret) == true, text)
    }
    XCTAssertNil(error("--token-file ~/token"), "a token file is fine")
    XCTAssertNil(error("--org tokenizer"), "a word that contains token is fine")
  }

  func testAPathStartingWithTildeNeedsHome() {
    let message: String?
    do {
      _ = try ArgumentParser.parse([]) { () throws(UsageError) in
        ConfigFile(path: "/c", text: "--cache-dir ~/cache", home: nil)
      }
      message = nil
    } catch {
      message = error.description
    }
    XCTAssertEqual(
      message, "/c:1: --cache-dir starts with ~ but HOME is not set; write the whole path.")
  }

  /// The command line's own mistakes are reported before the config file is read at all.
  func testTheCommandLineIsCheckedFirst() {
    var read = false
    let reading: ArgumentParser.ConfigReading = { () throws(UsageError) in
      read = true
      return ConfigFile(path: "/c", text: "--bogus", home: nil)
    }
    for arguments in [["--latncy", "0"], ["--timeout", "0"], ["--github", "--latency", "0"]] {
      XCTAssertThrowsError(try ArgumentParser.parse(arguments, config: reading)) { error in
        XCTAssertFalse((error as? UsageError)?.description.hasPrefix("/c:") ?? true)
      }
    }
    XCTAssertFalse(read)
  }
}
