import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel

/// The manual page lists everything a user can type or set, from the tables: a flag, key,
/// command, variable or exit code missing from it fails here.
final class ManualPageTests: XCTestCase {
  private let page = ManualPage.text

  /// The page's lines as a reader sees their words: macros dropped, escapes undone
  /// (`.It Fl -timeout Ar SECONDS` is `--timeout SECONDS`).
  private func plain(_ line: Substring) -> String {
    var words = line.split(separator: " ").map(String.init)
    let macros: Set = [".It", "Ar", "Ic", "Cm", "Ev", "Dv", "Pa", "Ql", ".Nm", ".Cm"]
    var text: [String] = []
    var flag = false
    var optional = false
    while !words.isEmpty {
      let word = words.removeFirst()
      if word == "Fl" || word == ".Fl" {
        flag = true
        continue
      }
      if word == "Op" || word == ".Op" {
        optional = true
        text.append("[")
        continue
      }
      if macros.contains(word) { continue }
      text.append((flag ? "-" : "") + word)
      flag = false
    }
    var joined = text.joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
    if optional {
      joined = joined.replacingOccurrences(of: "[ ", with: "[") + "]"
    }
    joined = joined.replacingOccurrences(of: "\\-", with: "-")
      .replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
    while let range = joined.range(of: #"\\\[u[0-9A-F]+\]"#, options: .regularExpression) {
      let hex = joined[range].dropFirst(3).dropLast()
      let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map(String.init) ?? "?"
      joined.replaceSubrange(range, with: scalar)
    }
    return joined
  }

  /// The items (`.It` lines) of the section `name`, each with the text that follows it.
  private func items(in name: String) -> [(item: String, text: String)] {
    let lines = page.split(separator: "\n")
    guard let start = lines.firstIndex(of: Substring(".Sh \(name)")) else {
      XCTFail("no section \(name)")
      return []
    }
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".Sh ") }
    var found: [(item: String, text: String)] = []
    for line in section {
      if line.hasPrefix(".It ") {
        found.append((plain(line), ""))
      } else if !line.hasPrefix("."), !found.isEmpty {
        found[found.count - 1].text +=
          (found[found.count - 1].text.isEmpty ? "" : " ") + plain(line)
      }
    }
    return found
  }

  func testEveryFlagIsListedWithItsHelpAndDefault() {
    let listed = items(in: "DESCRIPTION")
    for flag in FlagTable.all {
      let entry = listed.first { $0.item == flag.usage }
      XCTAssertNotNil(entry, "\(flag.usage) is missing from the manual")
      let sentence = flag.sentence(defaults: Options())
      XCTAssertTrue(
        entry?.text.lowercased().hasPrefix(sentence.lowercased()) == true,
        "\(flag.usage): \(entry?.text ?? "nothing"), not \(sentence)")
    }
    XCTAssertEqual(listed.count, FlagTable.all.count, "\(listed.map(\.item))")
  }

  func testEveryKeyIsListed() {
    let listed = items(in: "KEYS")
    XCTAssertEqual(listed.map(\.item), KeyBinding.all.map(\.label))
    // Each with its action's name for --key.
    for (entry, binding) in zip(listed, KeyBinding.all) {
      var actions: [String] = []
      for press in binding.presses where !actions.contains(press.action.name) {
        actions.append(press.action.name)
      }
      XCTAssertEqual(
        entry.text,
        binding.summary.prefix(1).uppercased() + binding.summary.dropFirst() + ". Action: "
          + actions.joined(separator: ", ") + ".")
    }
  }

  func testEveryCommandIsInTheSynopsisAndListed() {
    let synopsis = page.components(separatedBy: ".Sh SYNOPSIS")[1].components(separatedBy: ".Sh ")[
      0]
    let commands = items(in: "COMMANDS").map(\.item)
    for command in Subcommand.allCases {
      XCTAssertTrue(synopsis.contains(".Cm \(ManualPage.text(command.rawValue))"), command.rawValue)
      XCTAssertTrue(commands.contains { $0.hasPrefix(command.rawValue) }, command.rawValue)
    }
    XCTAssertTrue(commands.contains("cache info [--cache-dir DIR]"), "\(commands)")
    XCTAssertTrue(commands.contains("cache clear [--cache-dir DIR]"), "\(commands)")
    XCTAssertTrue(commands.contains("completions bash | zsh | fish"), "\(commands)")
  }

  func testEnvironmentFilesAndExitCodes() {
    let variables = items(in: "ENVIRONMENT").map(\.item)
    XCTAssertEqual(variables, EnvironmentTable.all.map { $0.names.joined(separator: ", ") })
    for name in [
      "GITHUB_TOKEN", "NO_COLOR", "BROWSER", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "SSL_CERT_FILE",
      "https_proxy", "LOADER_TUI_CONFIG",
    ] {
      XCTAssertTrue(
        variables.contains {
          $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(name)
        }, name)
    }
    let files = items(in: "FILES").map(\.item)
    XCTAssertTrue(files.contains("$XDG_CONFIG_HOME/loader-tui/config"), "\(files)")
    XCTAssertTrue(files.contains("$XDG_CACHE_HOME/loader-tui/"), "\(files)")
    let codes = items(in: "EXIT STATUS").map(\.item)
    XCTAssertEqual(
      codes,
      ExitCodeTable.all.map { $0.codes.map { String($0.rawValue) }.joined(separator: ", ") })
  }

  func testEverySignalIsListedWithWhatItDoes() {
    let listed = items(in: "SIGNALS")
    XCTAssertEqual(
      listed.flatMap { $0.item.components(separatedBy: ", ") }, SignalRule.all.map(\.name))
    XCTAssertTrue(listed.allSatisfy { !$0.text.isEmpty }, "\(listed)")
  }

  func testExamplesAreHelpsAndTheConfigFile() {
    let examples = page.components(separatedBy: ".Sh EXAMPLES")[1]
    for example in HelpText.examples(defaults: Options()) {
      for command in example.commands {
        XCTAssertTrue(examples.contains("$ " + ManualPage.text(command)), command)
      }
    }
    XCTAssertTrue(examples.contains("\\-\\-org apple"))
  }

  func testHeaderNamesTheVersionDate() {
    XCTAssertTrue(page.hasPrefix(".\\\""))
    XCTAssertTrue(page.contains("\n.Dd \(ManualPage.date(AppInfo.date))\n"))
    XCTAssertEqual(ManualPage.date("2026-12-01"), "December 1, 2026")
    XCTAssertEqual(ManualPage.date("2027-02-28"), "February 28, 2027")
    XCTAssertTrue(page.contains("\n.Dt LOADER-TUI 1\n"))
    XCTAssertTrue(page.contains("\n.Nd two panes sharing the same GitHub loaders\n"))
  }

  /// Text is escaped for roff: hyphens typed as hyphen-minus, backslashes, a leading dot, and
  /// anything beyond ASCII as a named code point.
  func testTextIsEscaped() {
    XCTAssertEqual(ManualPage.text("--org a\\b"), "\\-\\-org a\\eb")
    XCTAssertEqual(ManualPage.text(".hidden"), "\\&.hidden")
    XCTAssertEqual(ManualPage.text("↑ é"), "\\[u2191] \\[u00E9]")
    XCTAssertEqual(ManualPage.text("🇯"), "\\[u1F1EF]")
    for line in page.split(separator: "\n") {
      XCTAssertTrue(line.allSatisfy(\.isASCII), String(line))
      if !line.hasPrefix(".") { XCTAssertLessThanOrEqual(line.utf8.count, 80, String(line)) }
    }
  }

  /// mandoc, Debian's lint for manual pages, finds nothing to say (CI installs it).
  func testMandocLintIsClean() throws {
    guard let mandoc = ToolRun.find("mandoc") else { throw XCTSkip("mandoc is not installed") }
    let run = try ToolRun.run(mandoc, ["-T", "lint"], input: page)
    XCTAssertEqual(run.stdout + run.stderr, "")
    XCTAssertEqual(run.status, 0)
    // Bold and underline are overstruck (x BS x); the text without them:
    let text = try ToolRun.run(mandoc, ["-T", "utf8"], input: page).stdout
      .replacingOccurrences(of: ".\u{08}", with: "", options: .regularExpression)
    XCTAssertTrue(text.contains("     --fail-mode MODE\n"), text)
  }
}
