import AppModel

extension Screen {
  /// The grid for `state` made from `drawn`, the grid of `before`, when `state` is `before` a
  /// tick later and nothing else changed (the clock, the spinner's frame, the next wake): only
  /// the spinners and the status bar, whose ages and countdowns read the clock, can differ, so
  /// only they are drawn again, not every row of both panes. `nil` for any other change, and
  /// where more than the status bar reads the clock (the detail view, the inspector): then
  /// ``render(_:)`` draws it all. Whatever it returns is what `render(state)` returns.
  public static func ticked(_ drawn: Grid, from before: AppState, to state: AppState) -> Grid? {
    guard state.lists.detail == nil, !state.inspector.isOpen, !state.showHelp,
      drawn.width == state.size.columns, drawn.height == state.size.rows,
      drawn.asciiOnly == state.asciiOnly, !Layout.isTooSmall(state.size)
    else { return nil }
    var unticked = state
    unticked.now = before.now
    unticked.spinnerFrame = before.spinnerFrame
    unticked.pendingWake = before.pendingWake
    guard unticked == before else { return nil }
    var grid = drawn
    let old = Spinner.frame(before.spinnerFrame, ascii: state.asciiOnly)
    let new = Spinner.frame(state.spinnerFrame, ascii: state.asciiOnly)
    if old != new { grid.replace(old, with: new, style: .spinner) }
    let frame = Layout.frame(state.size, focused: state.focus.pane, inspector: false)
    StatusBar.draw(state, in: frame.statusBar, into: &grid)
    return grid
  }
}
