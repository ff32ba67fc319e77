import AppModel

extension Screen {
  /// The grid for `state` made from `drawn`, the grid of `before`, when `state` is `before`
  /// with another page read and the rows on screen are the same (a long list, its first rows
  /// shown, grows below them): only the panes' bottom borders, which count the rows and pages,
  /// and the status bar differ, so only they are drawn again. `nil` for any other change, and
  /// whenever a row, a pane's header or the rows' height would change: then ``render(_:)``
  /// draws it all. Whatever it returns is what `render(state)` returns.
  public static func paged(_ drawn: Grid, from before: AppState, to state: AppState) -> Grid? {
    guard state.lists.detail == nil, !state.inspector.isOpen, !state.showHelp,
      !before.inspector.isOpen, drawn.width == state.size.columns,
      drawn.height == state.size.rows, drawn.asciiOnly == state.asciiOnly,
      !Layout.isTooSmall(state.size), state.readMore(since: before)
    else { return nil }
    let frame = Layout.frame(state.size, focused: state.focus.pane, inspector: false)
    for pane in frame.panes where !sameRows(pane.id, pane.rect, before, state) { return nil }
    var grid = drawn
    for pane in frame.panes {
      let focused = state.focus.pane == pane.id
      PaneView.drawFooter(
        state, pane.id, in: pane.rect, style: focused ? .focusBorder : .border, into: &grid)
    }
    StatusBar.draw(state, in: frame.statusBar, into: &grid)
    return grid
  }

  /// Whether `pane` (in `rect`) draws the same header and the same rows, of the same height, in
  /// both states.
  private static func sameRows(_ pane: PaneID, _ rect: Rect, _ before: AppState, _ state: AppState)
    -> Bool
  {
    let width = rect.content.width
    guard
      PaneHeader.lines(before, pane, width: width) == PaneHeader.lines(state, pane, width: width),
      Layout.rowHeight(before, pane) == Layout.rowHeight(state, pane)
    else { return false }
    let old = before.visibleRepositories(pane)
    let new = state.visibleRepositories(pane)
    guard old.isEmpty == new.isEmpty else { return false }
    let first = state.scroll[pane] ?? 0
    let window = first..<first + Layout.itemsShown(state, pane)
    return window.allSatisfy { index in
      index < old.count ? index < new.count && old[index] == new[index] : index >= new.count
    }
  }
}
