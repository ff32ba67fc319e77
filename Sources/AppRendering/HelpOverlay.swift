import AppModel

/// The key help overlay: the keys as bound, in a box, laid out by `HelpLayout`.
public enum HelpOverlay {
  /// Draws the help box for `rows` (`HelpLayout.rows`) centred in `area`, from `scroll` on.
  public static func draw(in area: Rect, scroll: Int, rows: [String], into grid: inout Grid) {
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
