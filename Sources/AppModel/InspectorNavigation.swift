/// How keys and the wheel move through the inspector's request log.
enum InspectorNavigation {
  /// Scrolls the request log one step toward older (`[`, wheel up) or newer lines, opening
  /// the inspector when it is closed.
  static func scroll(_ state: inout AppState, older: Bool) {
    state.inspector.isOpen = true
    let maximum = max(0, state.inspector.requests.count - 1)
    let step = older ? 3 : -3
    state.inspector.scrollBack = min(maximum, max(0, state.inspector.scrollBack + step))
  }

  /// When the inspector is the only view (a narrow terminal), the list keys scroll its log:
  /// ↑ `k` PgUp `g` Home toward older lines, ↓ `j` PgDn `G` End toward the newest. Returns
  /// whether it took the action.
  static func take(_ action: Action, _ state: inout AppState) -> Bool {
    guard state.inspector.isOpen,
      Layout.frame(state.size, focused: state.focus.pane, inspector: true).panes.isEmpty
    else { return false }
    let last = max(0, state.inspector.requests.count - 1)
    let back = state.inspector.scrollBack
    switch action {
    case .selectPrevious: state.inspector.scrollBack = min(last, back + 1)
    case .selectNext: state.inspector.scrollBack = max(0, back - 1)
    case .pageUp: state.inspector.scrollBack = min(last, back + 5)
    case .pageDown: state.inspector.scrollBack = max(0, back - 5)
    case .selectFirst: state.inspector.scrollBack = last
    case .selectLast: state.inspector.scrollBack = 0
    default: return false
    }
    return true
  }
}
