/// Where the key help goes and how far it scrolls: the rows of the key map as bound, in a box
/// over everything but the status bar.
public enum HelpLayout {
  /// The overlay's rows before the box is drawn: each key label padded to one column, then
  /// what it does.
  public static func rows(_ keys: KeyMap) -> [String] {
    let keyWidth = keys.rows.map { TextWidth.of($0.label) }.max() ?? 0
    return keys.rows.map { " " + TextWidth.pad($0.label, to: keyWidth) + "  " + $0.summary }
  }

  /// The area the overlay is drawn in for a terminal size: all but the status bar.
  public static func area(_ size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.columns, height: max(0, size.rows - 1))
  }

  /// How many key rows fit in the box for a terminal size (one line is kept for the hint).
  public static func visibleRows(_ size: Size) -> Int {
    max(1, min(area(size).height, KeyBinding.all.count + 4) - 3)
  }

  /// The largest scroll offset for a terminal size.
  public static func maximumScroll(_ size: Size) -> Int {
    max(0, KeyBinding.all.count - visibleRows(size))
  }
}
