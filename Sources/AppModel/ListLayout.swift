extension Layout {
  /// From this inner pane width up, each row shows the description under the name.
  public static let descriptionsFrom = 44

  /// From this many list lines up, each row shows the description under the name.
  public static let descriptionsFromHeight = 12

  /// Lines per repository in a pane: two (name, then description) when the pane is wide and
  /// tall enough (counting a line for a status, shown or not) and some repository has a
  /// description, else one.
  public static func rowHeight(_ state: AppState, _ pane: PaneID) -> Int {
    guard !isTooSmall(state.size) else { return 1 }
    let inner = rect(state.size, pane, inspector: state.inspector.isOpen).content
    // The room as if a status line were shown: a load's spinner line coming and going does
    // not switch the rows between one line and two.
    let room = inner.height - PaneHeader.steadyCount(state, pane, width: inner.width)
    guard inner.width >= descriptionsFrom, room >= descriptionsFromHeight else { return 1 }
    return state.visibleHaveDescriptions(pane) ? 2 : 1
  }

  /// How many repositories a pane shows at once.
  public static func itemsShown(_ state: AppState, _ pane: PaneID) -> Int {
    max(1, listHeight(state, pane) / rowHeight(state, pane))
  }

  /// The row of the visible list at screen line `y` in `pane`, if a repository is drawn there.
  public static func item(at y: Int, _ state: AppState, _ pane: PaneID) -> Int? {
    let inner = rect(state.size, pane, inspector: state.inspector.isOpen).content
    let top = inner.y + PaneHeader.lines(state, pane, width: inner.width).count
    guard y >= top, y <= inner.bottom else { return nil }
    let index = (state.scroll[pane] ?? 0) + (y - top) / rowHeight(state, pane)
    return index < state.visibleRepositories(pane).count ? index : nil
  }
}
