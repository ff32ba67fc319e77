import AppModel
import Foundation
import GitHubAPI

/// The detail view of one repository, opened with Enter on a list row: a box over the panes.
public enum DetailView {
  /// It reads the open repository's detail loader.
  public static let loaderView = LoaderView(name: "detail view", reads: [.repository])

  /// Draws the open `detail` view over `area`, with a hint line at the bottom.
  public static func draw(
    _ detail: OpenDetail, _ state: AppState, in area: Rect, into grid: inout Grid
  ) {
    let repository = detail.repository
    let width = DetailLayout.boxWidth(state.size)
    let lines = DetailLayout.lines(state)
    let height = min(area.height, lines.count + 4)
    let box = Border.overlay(
      width: width, height: height, in: area, title: "Repository", into: &grid)
    let inner = box.content
    let visible = max(0, inner.height - 1)
    let scroll = min(detail.scroll, max(0, lines.count - visible))
    let shown = lines.dropFirst(scroll).prefix(visible)
    for (index, line) in shown.enumerated() {
      grid.put(
        TextWidth.truncate(line.text, to: inner.width), x: inner.x, y: inner.y + index,
        style: line.style)
    }
    var hint = repository.htmlURL == nil ? "Esc closes" : "o opens  y copies the URL  Esc closes"
    if lines.count > visible {
      // Not every field fits: say which are shown, and how to see the rest.
      hint = "\(scroll + 1)–\(scroll + shown.count) of \(lines.count), ↑↓ scroll  " + hint
    }
    grid.put(
      TextWidth.truncate(hint, to: inner.width), x: inner.x, y: inner.bottom, style: .dim)
  }
}
