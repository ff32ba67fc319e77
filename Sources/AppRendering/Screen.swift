import AppModel

/// Renders the whole screen for a state: pure, from state to cells.
public enum Screen {
  /// The grid for `state` at `state.size`.
  public static func render(_ state: AppState) -> Grid {
    var grid = Grid(width: state.size.columns, height: state.size.rows, asciiOnly: state.asciiOnly)
    if Layout.isTooSmall(state.size) {
      tooSmall(state.size, into: &grid)
      return grid
    }
    let frame = Layout.frame(
      state.size, focused: state.focus.pane, inspector: state.inspector.isOpen)
    if let tabBar = frame.tabBar { tabs(state, in: tabBar, into: &grid) }
    for pane in frame.panes {
      PaneView.draw(state, pane.id, in: pane.rect, into: &grid)
    }
    if let inspector = frame.inspector { InspectorView.draw(state, in: inspector, into: &grid) }
    StatusBar.draw(state, in: frame.statusBar, into: &grid)
    if let detail = state.lists.detail {
      DetailView.draw(detail, state, in: HelpLayout.area(state.size), into: &grid)
    }
    if state.showHelp {
      HelpOverlay.draw(
        in: HelpLayout.area(state.size), scroll: state.helpScroll, rows: HelpLayout.rows(state),
        into: &grid)
    }
    return grid
  }

  private static func tooSmall(_ size: Size, into grid: inout Grid) {
    let lines = [
      "Terminal too small",
      "\(size.columns)×\(size.rows), need \(Layout.minimum.columns)×\(Layout.minimum.rows)",
      "q quits",
    ]
    for (row, line) in lines.prefix(size.rows).enumerated() {
      grid.put(TextWidth.truncate(line, to: size.columns), x: 0, y: row, style: .error)
    }
  }

  private static func tabs(_ state: AppState, in rect: Rect, into grid: inout Grid) {
    var x = rect.x
    let open = state.inspector.isOpen
    for pane in [PaneID.fetch, .result, nil] {
      let active = open ? pane == nil : state.focus.pane == pane
      let title = pane.map(PaneView.title) ?? "Inspector"
      if pane == nil, !open { break }
      x += grid.put(
        active ? "[\(title)]" : " \(title) ", x: x, y: rect.y,
        style: active ? .tabActive : .tabInactive)
      x += grid.put(" ", x: x, y: rect.y, style: .plain)
    }
    grid.put(
      open ? "i closes" : "Tab switches", x: x + 1, y: rect.y, limit: rect.right - x, style: .dim)
  }
}
