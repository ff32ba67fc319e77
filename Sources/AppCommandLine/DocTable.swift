import AppModel
import DemoOptions

/// The tables README.md and docs/app.md show, in Markdown, rendered from the code's tables:
/// `loader-tui doc-table NAME` prints one for `scripts/tables`, which writes them between
/// their markers and checks them. Left out of help: it is for the docs, not for users.
public enum DocTable: String, Sendable, CaseIterable {
  /// The key table, `KeyBinding.all`.
  case keys
  /// The flag table, `FlagTable.all`, with the defaults `Options()` starts with.
  case flags
  /// What each `--fail-mode` does, `DemoFailureMode.allCases`.
  case failureModes = "fail-modes"

  /// The word that asks for one on the command line.
  public static let command = "doc-table"

  /// The table: a header, its rule and a row for each entry of the code's table.
  public var markdown: String { rows.joined(separator: "\n") }

  /// The table's lines.
  var rows: [String] {
    switch self {
    case .keys:
      ["| key | does |", "|---|---|"]
        + KeyBinding.all.map { row($0.keys.map(Self.markdown).joined(separator: ", "), $0.summary) }
    case .flags:
      ["| flag | does |", "|---|---|"]
        + FlagTable.all.map { flag in
          let names = (flag.shortName.map { "`\($0)`, " } ?? "") + "`\(flag.name)"
          return row(
            names + (flag.argument.map { " " + $0 } ?? "") + "`", flag.sentence(defaults: Options())
          )
        }
    case .failureModes:
      ["| `--fail-mode` | what happens |", "|---|---|"]
        + DemoFailureMode.allCases.map { row("`\($0.rawValue)`", $0.summary) }
    }
  }

  /// A row of two cells, pipes in them escaped.
  private func row(_ first: String, _ second: String) -> String {
    "| \(first.replacingOccurrences(of: "|", with: "\\|")) | "
      + "\(second.replacingOccurrences(of: "|", with: "\\|")) |"
  }

  /// A key as the docs write it: a character in backticks, a named key as it is.
  static func markdown(_ key: Key) -> String {
    if case .character(let character) = key, character.isASCII { return "`\(character)`" }
    return KeyBinding.name(key)
  }

  /// Reads `doc-table NAME`'s arguments (after the command).
  static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    guard arguments.count == 1, let table = arguments.first.flatMap(DocTable.init(rawValue:))
    else {
      let names = allCases.map(\.rawValue).joined(separator: "|")
      throw UsageError(description: "\(command) takes one table: \(command) \(names).")
    }
    return .docTable(table)
  }
}
