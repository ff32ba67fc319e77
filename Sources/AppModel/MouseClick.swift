/// What a mouse event does to the state; `update` calls it.
enum MouseClick {
  /// A click focuses the pane under it (and presses `[ Fetch ]`, or selects the row under it);
  /// the wheel moves that pane's selection.
  static func apply(_ state: inout AppState, _ mouse: MouseEvent) -> [Command] {
    let frame = Layout.frame(
      state.size, focused: state.focus.pane, inspector: state.inspector.isOpen)
    if let tabBar = frame.tabBar, mouse.y == tabBar.y, mouse.action == .press {
      // With the inspector open, its tab is the third one.
      if state.inspector.isOpen, mouse.x >= 17 { return [] }
      state.inspector.isOpen = false
      state.focus = mouse.x < 8 ? .fetchList : .resultList
      return []
    }
    if let inspector = frame.inspector, (inspector.y...inspector.bottom).contains(mouse.y) {
      if mouse.action == .wheelUp || mouse.action == .wheelDown {
        InspectorNavigation.scroll(&state, older: mouse.action == .wheelUp)
      }
      return []
    }
    guard
      let pane = frame.panes.first(where: {
        (($0.rect.x)...$0.rect.right).contains(mouse.x)
          && (($0.rect.y)...$0.rect.bottom).contains(mouse.y)
      })
    else { return [] }
    switch mouse.action {
    case .wheelUp, .wheelDown:
      // The view and the selection move together, so the selected row keeps its place.
      let step = mouse.action == .wheelUp ? -3 : 3
      state.scroll[pane.id] = (state.scroll[pane.id] ?? 0) + step
      state.lists.selected[pane.id] = (state.lists.selected[pane.id] ?? 0) + step
    case .press:
      let button = Layout.fetchButton(in: pane.rect)
      if pane.id == .fetch, mouse.y == button.y, (button.x...button.right).contains(mouse.x) {
        state.focus = .fetchButton
        return Action.fetch.perform(on: &state)
      }
      state.focus = pane.id == .fetch ? .fetchList : .resultList
      if let row = Layout.item(at: mouse.y, state, pane.id) { state.lists.selected[pane.id] = row }
    case .other:
      break
    }
    return []
  }
}
