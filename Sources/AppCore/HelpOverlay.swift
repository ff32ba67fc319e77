import ApexyLoader
import Foundation
import GitHubAPI

/// The key help overlay: `KeyBinding.all` in a box.
public enum HelpOverlay {
  /// The overlay's rows before the box is drawn: each key label padded to one column, then
  /// what it does.
  static var rows: [String] {
    let keyWidth = KeyBinding.all.map { TextWidth.of($0.label) }.max() ?? 0
    return KeyBinding.all.map { " " + TextWidth.pad($0.label, to: keyWidth) + "  " + $0.action }
  }

  /// The area the overlay is drawn in for a terminal size: all but the status bar.
  public static func area(_ size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.columns, height: max(0, size.rows - 1))
  }

  /// How many key rows fit in the box for a terminal size (one line is kept for the hint).
  public static func visibleRows(_ size: Size) -> Int {
    max(1, min(area(size).height, rows.count + 4) - 3)
  }

  /// The largest scroll offset for a terminal size.
  public static func maximumScroll(_ size: Size) -> Int {
    max(0, rows.count - visibleRows(size))
  }

  /// Draws the help box centred in `area`, its rows from `scroll` on.
  public static func draw(in area: Rect, scroll: Int, into grid: inout Grid) {
    let rows = rows
    let width = min(area.width, (rows.map { TextWidth.of($0) }.max() ?? 0) + 3)
    let height = min(area.height, rows.count + 4)
    let box = Border.overlay(width: width, height: height, in: area, title: "Keys", into: &grid)
    let inner = box.inner
    let visible = max(0, inner.height - 1)
    let shown = rows.dropFirst(scroll).prefix(visible)
    for (index, row) in shown.enumerated() {
      grid.put(
        TextWidth.truncate(row, to: inner.width), x: inner.x, y: inner.y + index, style: .plain)
    }
    let hint =
      rows.count > visible
      ? " \(scroll + 1)–\(scroll + shown.count) of \(rows.count), ↑↓ scroll, other keys close"
      : " any key closes"
    grid.put(
      TextWidth.truncate(hint, to: inner.width), x: inner.x, y: inner.bottom, style: .dim)
  }
}
