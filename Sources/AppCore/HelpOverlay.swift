import ApexyLoader
import Foundation
import GitHubAPI

/// The key help overlay.
public enum Help {
  /// Every key and what it does.
  public static let keys: [(String, String)] = [
    ("f, Enter", "fetch organization and repositories"),
    ("r", "reload the repositories only"),
    ("Tab, →, l", "focus the next element"),
    ("Shift-Tab, ←, h", "focus the previous element"),
    ("↑ ↓ j k", "scroll the focused list"),
    ("PgUp PgDn Home End", "scroll a page, to top or bottom"),
    ("/", "filter; Enter keeps, Esc clears"),
    ("x", "simulated outage (built-in server)"),
    ("?", "show or hide this help"),
    ("q, Esc, Ctrl-C", "quit"),
  ]

  /// Draws the help box centred in `area`.
  public static func draw(in area: Rect, into grid: inout Grid) {
    let keyWidth = keys.map { TextWidth.of($0.0) }.max()!
    let textWidth = keys.map { TextWidth.of($0.1) }.max()!
    let width = min(area.width, keyWidth + textWidth + 6)
    let height = min(area.height, keys.count + 4)
    let box = Rect(
      x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width,
      height: height)
    grid.fill(box)
    Border.draw(box, title: "Keys", style: .focusBorder, into: &grid)
    let inner = box.inner
    for (row, key) in keys.prefix(max(0, inner.height - 1)).enumerated() {
      let line = " " + TextWidth.pad(key.0, to: keyWidth) + "  " + key.1
      grid.put(
        TextWidth.truncate(line, to: inner.width), x: inner.x, y: inner.y + row, style: .plain)
    }
    if inner.height > keys.count {
      grid.put(" any key closes", x: inner.x, y: inner.bottom, limit: inner.width, style: .dim)
    }
  }
}
