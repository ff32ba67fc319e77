import AppModel

/// The `--help` text, rendered from `FlagTable` and `KeyBinding.all`: a pure function of the
/// tables, the defaults and a width, so tests compare the whole string.
public enum HelpText {
  /// What the app is, in a few words: help's first line and the manual's name line.
  static let summary = "two panes sharing the same GitHub loaders"

  /// The help as `--help` prints it: 80 columns, the app's defaults.
  public static var text: String { render(width: 80, defaults: Options()) }

  /// The help with the keys as `keys` binds them (the config file's `--key` lines).
  public static func text(keys: KeyMap) -> String {
    render(width: 80, defaults: Options(), keys: keys)
  }

  /// Examples `--help` shows: what each does, then the command lines.
  static func examples(defaults: Options) -> [(note: String, commands: [String])] {
    let latencies =
      "\(FlagArgument.format(defaults.organizationLatency)) s and "
      + "\(FlagArgument.format(defaults.repositoriesLatency)) s delays"
    return [
      ("offline, the built-in server, \(latencies)", ["loader-tui"]),
      ("print the transitions at once", ["loader-tui --latency 0 --headless"]),
      ("JSON Lines for scripts", ["loader-tui --headless --json --rounds 2 | jq ."]),
      ("a real organization", ["GITHUB_TOKEN=<token> loader-tui --github --org apple"]),
      (
        "the built-in server alone, and the app against it from another shell",
        ["loader-tui serve-demo --port 8080", "loader-tui --base-url http://127.0.0.1:8080"]
      ),
    ]
  }

  /// What help says of the config file.
  static let configNote =
    "Flags, one a line as on the command line (--github, --org apple), read from"
    + " $\(ConfigLocation.variable), else $XDG_CONFIG_HOME/loader-tui/config or"
    + " ~/.config/loader-tui/config; the command line wins. Colours and keys of one's own go"
    + " there too (--theme light, --color border=blue, --key quit=Q). More in the manual page"
    + " (man loader-tui, or loader-tui manual | man -l -)."

  /// The whole help for a terminal `width` columns wide, showing the defaults of `defaults` and
  /// the keys as `keys` binds them.
  static func render(width: Int, defaults: Options, keys: KeyMap = .standard) -> String {
    var lines = ["loader-tui \(AppInfo.version): \(summary).", ""]
    lines.append("USAGE")
    lines += table(
      [("loader-tui [options]", "the app (headless without a terminal)", nil)]
        + Subcommand.allCases.map { ($0.usage, $0.summary, nil) }, width: width)
    let column = (FlagTable.all.map(\.usage) + keys.rows.map(\.label)).map(TextWidth.of).max()
    for group in FlagGroup.allCases {
      lines += ["", group.title]
      let flags = FlagTable.all.filter { $0.group == group }
      lines += table(
        flags.map { ($0.usage, $0.help, $0.shownDefault(defaults).map { "(default \($0))" }) },
        column: column, width: width)
    }
    lines += ["", keys.isRebound ? "KEYS (as the config file binds them)" : "KEYS"]
    lines += table(keys.rows.map { ($0.label, $0.summary, nil) }, column: column, width: width)
    lines += ["", "EXAMPLES"]
    for example in examples(defaults: defaults) {
      lines += ["  # " + example.note] + example.commands.map { "  " + $0 }
    }
    lines += ["", "CONFIG FILE"]
    lines += TextWrap.wrap(configNote, width: width - 2, maxLines: Int.max).map { "  " + $0 }
    lines += ["", "EXIT CODES"]
    lines += table(
      ExitCodeTable.all.map { entry in
        (entry.codes.map { String($0.rawValue) }.joined(separator: " "), entry.meaning, nil)
      }, width: width)
    return lines.joined(separator: "\n")
  }

  /// A subcommand's help (`serve-demo --help`): its usage, what it does and its flags, with
  /// the app's defaults.
  public static func text(for subcommand: Subcommand) -> String {
    let defaults = Options()
    var lines = ["\(subcommand.usage): \(subcommand.summary).", ""]
    let flags = subcommand.flags.filter {
      if case .invoke = $0.action { return false }
      return true
    }
    if !flags.isEmpty {
      lines.append("OPTIONS")
      lines += table(
        flags.map { ($0.usage, $0.help, $0.shownDefault(defaults).map { "(default \($0))" }) },
        width: 80)
      lines.append("")
    }
    lines.append("The app's own options and keys: loader-tui --help.")
    return lines.joined(separator: "\n")
  }

  /// Two columns, indented by two: the left padded to `column` (default: its widest entry),
  /// the right wrapped to the width and continued under itself; a tail such as "(default 15)"
  /// is never broken, it moves to a line of its own when the last line has no room for it.
  private static func table(
    _ rows: [(left: String, text: String, tail: String?)], column: Int? = nil, width: Int
  ) -> [String] {
    let left = column ?? rows.map { TextWidth.of($0.left) }.max() ?? 0
    let room = max(20, width - left - 4)
    let indent = String(repeating: " ", count: left + 4)
    return rows.flatMap { row in
      var wrapped = TextWrap.wrap(row.text, width: room, maxLines: Int.max)
      if let tail = row.tail {
        let last = wrapped.popLast() ?? ""
        let joined = last + " " + tail
        wrapped += TextWidth.of(joined) <= room ? [joined] : [last, tail]
      }
      let first = "  " + TextWidth.pad(row.left, to: left) + "  " + (wrapped.first ?? "")
      return [first] + wrapped.dropFirst().map { indent + $0 }
    }
  }
}
