import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import LoaderTUI

/// README's Keys and Flags tables are the key table and the flag table, row for row: a key or
/// flag added, removed or reworded in one place and not the other fails here, and the message
/// holds the rows README should have.
final class ReadmeTests: XCTestCase {
  private func readme() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The table rows (lines starting with `|`) of README's section under `heading`.
  private func tableRows(under heading: String) throws -> [String] {
    let lines = try readme().split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring(heading)) else {
      XCTFail("README has no \(heading)")
      return []
    }
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix("#") }
    return section.filter { $0.hasPrefix("|") }.map(String.init)
  }

  /// Markdown table cell text: pipes escaped.
  private func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  /// A key as README writes it: characters in backticks, named keys as they are.
  private func markdown(_ key: Key) -> String {
    if case .character(let character) = key, character.isASCII { return "`\(character)`" }
    return KeyBinding.name(key)
  }

  func testKeysSectionIsTheKeyTable() throws {
    let expected =
      ["| key | does |", "|---|---|"]
      + KeyBinding.all.map { binding in
        "| \(binding.keys.map(markdown).joined(separator: ", ")) | \(cell(binding.summary)) |"
      }
    let rows = try tableRows(under: "### Keys")
    XCTAssertEqual(
      rows, expected, "README's Keys table should read:\n" + expected.joined(separator: "\n"))
  }

  func testFlagsSectionIsTheFlagTable() throws {
    let defaults = Options()
    let expected =
      ["| flag | does |", "|---|---|"]
      + FlagTable.all.map { flag in
        let names = (flag.shortName.map { "`\($0)`, " } ?? "") + "`\(flag.name)"
        let usage = names + (flag.argument.map { " " + $0 } ?? "") + "`"
        return "| \(cell(usage)) | \(cell(flag.sentence(defaults: defaults))) |"
      }
    let rows = try tableRows(under: "### Flags")
    XCTAssertEqual(
      rows, expected, "README's Flags table should read:\n" + expected.joined(separator: "\n"))
  }
}
