import AppModel

/// Box-drawing borders with a title in the top edge.
public enum Border {
  /// Draws the border of `rect` with `title` in its top edge.
  public static func draw(_ rect: Rect, title: String, style: Style, into grid: inout Grid) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.width - 2)
    grid.put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
    grid.put("└" + horizontal + "┘", x: rect.x, y: rect.bottom, style: style)
    for y in (rect.y + 1)..<rect.bottom {
      grid.put("│", x: rect.x, y: y, style: style)
      grid.put("│", x: rect.right, y: y, style: style)
    }
    if rect.width >= 6 {
      grid.put(
        " " + TextWidth.truncate(title, to: rect.width - 6) + " ", x: rect.x + 1, y: rect.y,
        limit: rect.width - 2, style: titleStyle(style))
    }
  }

  /// The style of a border's title: bold, in the border's colour.
  private static func titleStyle(_ style: Style) -> Style {
    switch style {
    case .border: .title
    case .inspector: .inspectorTitle
    default: style
    }
  }

  /// Clears a box of `width` × `height` centred in `area`, draws its focused border with
  /// `title`, and returns it: the frame of an overlay (the key help, the detail view).
  public static func overlay(
    width: Int, height: Int, in area: Rect, title: String, into grid: inout Grid
  ) -> Rect {
    let box = Rect(
      x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width,
      height: height)
    grid.fill(box)
    draw(box, title: title, style: .focusBorder, into: &grid)
    return box
  }
}
