/// What each `Action` does to the state on the panes' screen.
extension Action {
  /// Performs the action on `state`; returns the commands it asks for.
  func perform(on state: inout AppState) -> [Command] {
    switch self {
    case .fetch: return Self.fetchRound(&state)
    case .openDetail: return ListKeys.openDetail(&state) ?? Self.fetchRound(&state)
    case .reloadRepositories: return [.reloadRepositories]
    case .previousOwner: return OwnerSwitch.back(&state)
    case .openOwner: state.ownerPrompt = OwnerPrompt()
    case .openInBrowser, .copyAddress: return ListKeys.act(self, &state)
    case .toggleOutage: return Self.switchOutage(&state)
    case .repaint: return [.repaint]
    case .suspend: return [.suspend]
    case .quit: return [.quit(.success)]
    case .cycleSort: ListKeys.cycleSort(&state)
    case .reverseSort: ListKeys.reverseSort(&state)
    case .nextMatch: ListKeys.match(&state, step: 1)
    case .previousMatch: ListKeys.match(&state, step: -1)
    case .toggleInspector: state.inspector.isOpen.toggle()
    case .scrollLogOlder: InspectorNavigation.scroll(&state, older: true)
    case .scrollLogNewer: InspectorNavigation.scroll(&state, older: false)
    case .showKeys: state.showHelp = true
    case .editFilter: state.isEditingFilter = true
    case .focusNext: Self.moveFocus(&state, by: 1)
    case .focusPrevious: Self.moveFocus(&state, by: -1)
    case .selectPrevious: ListKeys.move(&state, by: -1)
    case .selectNext: ListKeys.move(&state, by: 1)
    case .pageUp: ListKeys.page(&state, by: -Self.pageStep(state))
    case .pageDown: ListKeys.page(&state, by: Self.pageStep(state))
    case .selectFirst: ListKeys.move(&state, by: Int.min / 2)
    case .selectLast: ListKeys.move(&state, by: Int.max / 2)
    }
    return []
  }

  /// What the Fetch button does: a new round, unless both loaders are loading already.
  private static func fetchRound(_ state: inout AppState) -> [Command] {
    let bothLoading = state.owner.state.isLoading && state.repositories.state.isLoading
    return state.rounds.fetch(bothLoading: bothLoading)
  }

  private static func switchOutage(_ state: inout AppState) -> [Command] {
    guard state.canToggleOutage else {
      state.notice = "x works only with the built-in server."
      return []
    }
    state.outage.toggle()
    state.notice =
      state.outage
      ? "Outage on: the built-in server fails every request."
      : "Outage off: requests succeed again."
    return [.setOutage(state.outage)]
  }

  /// A page of the focused pane, less one row that stays in view.
  private static func pageStep(_ state: AppState) -> Int {
    max(1, Layout.itemsShown(state, state.focus.pane) - 1)
  }

  private static func moveFocus(_ state: inout AppState, by step: Int) {
    let all = Focus.allCases
    let index = (all.firstIndex(of: state.focus)! + step + all.count) % all.count
    state.focus = all[index]
  }
}
