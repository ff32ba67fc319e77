/// Where the key help goes and how far it scrolls: the rows of the key map as bound, in a box
/// over everything but the status bar.
public enum HelpLayout {
  /// The overlay's rows before the box is drawn: each key label padded to one column, then
  /// what it does, wrapped under itself where a row is wider than `width`; a key of the
  /// built-in server only with it, where it does something.
  public static func rows(_ keys: KeyMap, builtInServer: Bool, width: Int = .max) -> [String] {
    let bindings = keys.rows.filter { builtInServer || !$0.builtInServerOnly }
    let keyWidth = bindings.map { TextWidth.of($0.label) }.max() ?? 0
    let indent = String(repeating: " ", count: keyWidth + 3)
    // Too narrow a box for a readable column: rows are cut at its edge instead.
    let room = width - indent.count >= 16 ? width - indent.count : .max
    return bindings.flatMap { binding -> [String] in
      let lines: [String] =
        room == .max
        ? [binding.summary] : TextWrap.wrap(binding.summary, width: room, maxLines: .max)
      let first: String = " " + TextWidth.pad(binding.label, to: keyWidth) + "  "
      let rest: [String] = lines.dropFirst().map { indent + $0 }
      return [first + (lines.first ?? "")] + rest
    }
  }

  /// The overlay's rows for `state`: its keys, its server, wrapped to its terminal's width.
  public static func rows(_ state: AppState) -> [String] {
    rows(state.keys, builtInServer: state.canToggleOutage, width: area(state.size).width - 2)
  }

  /// The area the overlay is drawn in for a terminal size: all but the status bar.
  public static func area(_ size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.columns, height: max(0, size.rows - 1))
  }

  /// How many of `count` key rows fit in the box for a terminal size (one line is kept for
  /// the hint).
  public static func visibleRows(_ size: Size, of count: Int) -> Int {
    max(1, min(area(size).height, count + 4) - 3)
  }

  /// The largest scroll offset for `state`'s rows in its terminal size.
  public static func maximumScroll(_ state: AppState) -> Int {
    maximumScroll(state.size, of: rows(state).count)
  }

  /// The largest scroll offset of `count` lines in a box over `area(size)`: the key help's,
  /// and the detail view's.
  public static func maximumScroll(_ size: Size, of count: Int) -> Int {
    max(0, count - visibleRows(size, of: count))
  }
}
