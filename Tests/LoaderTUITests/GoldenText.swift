import Foundation
import XCTest

/// A text a test compares whole with a file of `Tests/LoaderTUITests/Golden`, where a reviewer
/// reads it as the user sees it. With `LOADER_TUI_UPDATE_GOLDEN=1` in the environment
/// (`scripts/check --update` sets it) the test writes the file instead, and passes: a change
/// of wrapping or wording is re-made, not retyped.
enum GoldenText {
  /// The variable that makes the tests write their files.
  static let updateVariable = "LOADER_TUI_UPDATE_GOLDEN"

  /// The file's path.
  static func path(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden").appendingPathComponent(name)
  }

  /// Fails unless `text` is the file's text; writes it there when updating.
  static func check(
    _ text: String, file name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let url = path(name)
    if ProcessInfo.processInfo.environment[updateVariable] == "1" {
      try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    XCTAssertEqual(
      text + "\n", golden,
      "\(name) is not what the code renders; \(updateVariable)=1 (scripts/check --update)"
        + " writes it, then read its diff", file: file, line: line)
  }
}
