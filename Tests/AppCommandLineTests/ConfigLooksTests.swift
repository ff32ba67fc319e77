import AppModel
import XCTest

@testable import AppCommandLine

/// Themes, colours and keys of one's own in the config file: what they set, how the command
/// line adds to them, and every mistake named by file and line.
final class ConfigLooksTests: XCTestCase {
  func testAThemeAndColoursOverIt() throws {
    let options = try parsedOptions(
      [], config: "--theme light\n--color border=bright-red\n--color error=196/0")
    let theme = options.theme
    XCTAssertEqual(theme.name, "light")
    XCTAssertEqual(theme.paint(.border), Theme.Paint(.palette(9)))
    XCTAssertEqual(theme.paint(.error), Theme.Paint(.palette(196), on: .black))
    XCTAssertEqual(theme.paint(.statusBar), Theme.light.paint(.statusBar))
    XCTAssertEqual(try parsedOptions([], config: "").theme, .dark)
  }

  func testTheCommandLinesColoursAndKeysAddToTheFiles() throws {
    let options = try parsedOptions(
      ["--color", "header=blue", "--key", "sort=o", "--theme", "light"],
      config: "--color border=red\n--key quit=Q\n--key open=O")
    XCTAssertEqual(options.theme.paint(.border), Theme.Paint(.red))
    XCTAssertEqual(options.theme.paint(.header), Theme.Paint(.blue))
    XCTAssertEqual(options.keys.action(for: .character("Q")), .quit)
    XCTAssertEqual(options.keys.action(for: .character("o")), .cycleSort)
    XCTAssertEqual(options.keys.action(for: .character("O")), .openInBrowser)
  }

  func testHeadlessLeavesTheFilesLooksOutButNotItsMistakes() throws {
    let options = try parsedOptions(["--headless"], config: "--theme light\n--key quit=Q")
    XCTAssertTrue(options.headless)
    XCTAssertEqual(options.keys, .standard)
    XCTAssertEqual(
      usageMessage(["--headless"], config: "--key sort=f"),
      testConfigPath
        + ":1: --key sort=f: f is fetch's key too; bind fetch to another key (--key fetch=…)"
        + " or choose another for sort.")
  }

  func testMistakesNameTheFileAndLine() {
    let cases: [(String, String)] = [
      ("--key quitt=Q", ":1: --key has no action \"quitt\"; did you mean quit?"),
      ("\n--key quit=Ctrl-X", ":2: --key does not know the key \"Ctrl-X\""),
      (
        "--key reload=,",
        ":1: --key reload=,: a comma separates keys, so a key is empty; write Comma"
      ),
      ("--key fetch=Ctrl-C", ":1: --key fetch=Ctrl-C: Ctrl-C always quits"),
      ("--key quit", ":1: --key takes ACTION=KEYS such as quit=Q"),
      ("--color boder=red", ":1: --color has no element \"boder\"; did you mean border?"),
      ("--color border=purple", ":1: --color takes a colour"),
      ("--color border=256", ":1: --color takes a colour"),
      ("--theme solarized", ":1: --theme takes dark or light"),
      (
        "--key quit=Q\n--key sort=f",
        ":2: --key sort=f: f is fetch's key too; bind fetch to another key (--key fetch=…) or"
          + " choose another for sort."
      ),
    ]
    for (text, expected) in cases {
      let message = usageMessage([], config: text) ?? "no error"
      XCTAssertTrue(message.hasPrefix(testConfigPath + expected), "\(text): \(message)")
    }
  }

  func testKeysMayBeSwappedAcrossLines() throws {
    let options = try parsedOptions([], config: "--key fetch=r\n--key reload=f")
    XCTAssertEqual(options.keys.action(for: .character("r")), .fetch)
    XCTAssertEqual(options.keys.action(for: .character("f")), .reloadRepositories)
  }

  func testACommandLineKeyConflictHasNoLine() {
    XCTAssertEqual(
      usageMessage(["--key", "sort=q"], config: ""),
      "--key sort=q: q is quit's key too; bind quit to another key (--key quit=…) or choose"
        + " another for sort.")
  }

  func testHelpAndTheManualShowTheKeysAsBound() {
    let keys = BoundKeys.read([], config: testConfig("--org apple\n--key quit=Q,F10"))
    XCTAssertEqual(keys.keys(of: .quit), [.character("Q"), .function(10), .interrupt])
    let help = HelpText.text(keys: keys)
    XCTAssertTrue(help.contains("KEYS (as the config file binds them)"), help)
    XCTAssertTrue(help.contains("\n  Q, F10, Ctrl-C "), help)
    XCTAssertFalse(HelpText.text.contains("Q, F10"))
    XCTAssertTrue(ManualPage.text(keys: keys).contains(".It Ic \\&Q , Ic \\&F10 , Ic \\&Ctrl\\-C"))
    XCTAssertEqual(BoundKeys.read(["--no-config"], config: testConfig("--key quit=Q")), .standard)
    let typed = BoundKeys.read(
      ["--no-config", "--key", "quit=Q", "--key=sort=F5", "--help"], config: testConfig(""))
    XCTAssertEqual(typed.keys(of: .quit), [.character("Q"), .interrupt])
    XCTAssertEqual(typed.keys(of: .cycleSort), [.function(5)])
    XCTAssertEqual(
      BoundKeys.read([], config: testConfig("--key quit=Q\n--key sort=Q")), .standard,
      "a file with a mistake shows the shipped keys; the app reports the mistake")
  }
}
