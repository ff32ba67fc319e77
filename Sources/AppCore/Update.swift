import ApexyLoader
import Foundation
import GitHubAPI

/// Applies one event to the state and returns the commands it asks for. Pure: no I/O.
public func update(_ state: inout AppState, _ event: AppEvent) -> [Command] {
  switch event {
  case .tick(let now):
    state.now = now
    if state.isLoading { state.spinnerFrame &+= 1 }
    return []
  case .resize(let size):
    state.size = size
    clampScroll(&state)
    return []
  case .loadersChanged(let organization, let repositories, let now):
    state.now = now
    if case .success = organization, !isSuccess(state.organization) {
      state.organizationSucceededAt = now
    }
    if case .success = repositories, !isSuccess(state.repositories) {
      state.repositoriesSucceededAt = now
    }
    state.organization = organization
    state.repositories = repositories
    clampScroll(&state)
    return []
  case .key(let key):
    if state.isEditingFilter { return editFilter(&state, key) }
    if state.showHelp {
      state.showHelp = false
      return key == .interrupt || key == .character("q") ? [.quit] : []
    }
    return press(&state, key)
  }
}

private func isSuccess<T>(_ state: LoadingState<T>) -> Bool {
  if case .success = state { return true }
  return false
}

private func press(_ state: inout AppState, _ key: Key) -> [Command] {
  state.notice = nil
  switch key {
  case .character("f"), .enter:
    return [.fetchBoth]
  case .character("r"):
    return [.reloadRepositories]
  case .character("q"), .escape, .interrupt:
    return [.quit]
  case .character("?"):
    state.showHelp = true
  case .character("x"):
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
  case .character("/"):
    state.isEditingFilter = true
  case .tab, .right, .character("l"):
    moveFocus(&state, by: 1)
  case .backTab, .left, .character("h"):
    moveFocus(&state, by: -1)
  case .up, .character("k"):
    scroll(&state, by: -1)
  case .down, .character("j"):
    scroll(&state, by: 1)
  case .pageUp:
    scroll(&state, by: -max(1, Layout.listHeight(state, focusedPane(state)) - 1))
  case .pageDown:
    scroll(&state, by: max(1, Layout.listHeight(state, focusedPane(state)) - 1))
  case .home:
    scroll(&state, by: Int.min / 2)
  case .end:
    scroll(&state, by: Int.max / 2)
  default:
    break
  }
  return []
}

private func editFilter(_ state: inout AppState, _ key: Key) -> [Command] {
  switch key {
  case .escape:
    state.filter = ""
    state.isEditingFilter = false
  case .enter:
    state.isEditingFilter = false
  case .interrupt:
    return [.quit]
  case .backspace:
    if !state.filter.isEmpty { state.filter.removeLast() }
  case .character(let character):
    let clean = TextSanitizer.clean(String(character))
    if state.filter.count < 64 { state.filter += clean }
  default:
    break
  }
  state.scroll = [.fetch: 0, .result: 0]
  return []
}

/// The pane whose list the arrow keys scroll: the focused one.
private func focusedPane(_ state: AppState) -> PaneID { state.focus.pane }

private func moveFocus(_ state: inout AppState, by step: Int) {
  let all = Focus.allCases
  let index = (all.firstIndex(of: state.focus)! + step + all.count) % all.count
  state.focus = all[index]
}

private func scroll(_ state: inout AppState, by step: Int) {
  let pane = focusedPane(state)
  if state.focus == .fetchButton, step > 0 { state.focus = .fetchList }
  let current = state.scroll[pane] ?? 0
  state.scroll[pane] = current + step
  clampScroll(&state)
}

private func clampScroll(_ state: inout AppState) {
  for pane in [PaneID.fetch, .result] {
    let count = state.visibleRepositories(pane).count
    let height = Layout.listHeight(state, pane)
    let maximum = max(0, count - height)
    state.scroll[pane] = min(max(0, state.scroll[pane] ?? 0), maximum)
  }
}
