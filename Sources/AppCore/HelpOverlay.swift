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

  /// Draws the help box centred in `area`.
  public static func draw(in area: Rect, into grid: inout Grid) {
    let rows = rows
    let width = min(area.width, (rows.map { TextWidth.of($0) }.max() ?? 0) + 3)
    let height = min(area.height, rows.count + 4)
    let box = Rect(
      x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width,
      height: height)
    grid.fill(box)
    Border.draw(box, title: "Keys", style: .focusBorder, into: &grid)
    let inner = box.inner
    for (index, row) in rows.prefix(max(0, inner.height - 1)).enumerated() {
      grid.put(
        TextWidth.truncate(row, to: inner.width), x: inner.x, y: inner.y + index, style: .plain)
    }
    if inner.height > rows.count {
      grid.put(" any key closes", x: inner.x, y: inner.bottom, limit: inner.width, style: .dim)
    }
  }
}
