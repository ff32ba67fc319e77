import AppModel
import DemoOptions
import XCTest

@testable import AppCommandLine

/// The docs' tables (`loader-tui doc-table NAME`, which `scripts/tables` writes into README.md
/// and docs/app.md) have a row for each entry of the code's table, in its order, saying what
/// the code says: nothing is restated by hand.
final class DocTableTests: XCTestCase {
  /// The rows after the header and its rule.
  private func body(_ table: DocTable) -> [String] {
    Array(table.markdown.split(separator: "\n").map(String.init).dropFirst(2))
  }

  func testTheKeysTableHasARowForEachRowOfTheKeyTable() {
    let rows = body(.keys)
    XCTAssertEqual(rows.count, KeyBinding.all.count)
    for (row, binding) in zip(rows, KeyBinding.all) {
      XCTAssertTrue(
        row.hasSuffix(" | \(binding.summary.replacingOccurrences(of: "|", with: "\\|")) |"), row)
      for key in binding.keys {
        XCTAssertTrue(row.contains(DocTable.markdown(key)), "\(row) lacks \(KeyBinding.name(key))")
      }
    }
    XCTAssertTrue(rows.contains("| `f` | fetch the owner and its repositories |"), "\(rows)")
  }

  func testTheFlagsTableHasARowForEachFlagWithItsDefault() {
    let rows = body(.flags)
    XCTAssertEqual(rows.count, FlagTable.all.count)
    for (row, flag) in zip(rows, FlagTable.all) {
      XCTAssertTrue(
        row.hasPrefix("| \((flag.shortName.map { "`\($0)`, " } ?? ""))`\(flag.name)"), row)
      XCTAssertTrue(row.contains(flag.help), row)
    }
    XCTAssertTrue(
      rows.contains { $0.hasPrefix("| `--timeout SECONDS` |") && $0.hasSuffix("(default 15) |") })
  }

  func testTheFailureModesTableHasARowForEachMode() {
    let rows = body(.failureModes)
    XCTAssertEqual(rows, DemoFailureMode.allCases.map { "| `\($0.rawValue)` | \($0.summary) |" })
  }

  func testEveryTableIsPrintedAndAnUnknownOneIsAUsageError() throws {
    for table in DocTable.allCases {
      XCTAssertEqual(try ArgumentParser.parse(["doc-table", table.rawValue]), .docTable(table))
    }
    XCTAssertThrowsError(try ArgumentParser.parse(["doc-table", "colours"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.description,
        "doc-table takes one table: doc-table keys|flags|fail-modes.")
    }
  }
}
