import ApexyLoader
import Foundation
import GitHubAPI

/// Applies one event to the state and returns every effect it asks for, timers and quitting
/// included. Pure: no I/O, no clock (time arrives inside events).
public func update(_ state: inout AppState, _ event: AppEvent) -> [Command] {
  var commands = apply(&state, event)
  if commands.contains(where: { if case .quit = $0 { return true } else { return false } }) {
    return commands
  }
  clampScroll(&state)
  commands += scheduleWake(&state)
  return commands
}

private func apply(_ state: inout AppState, _ event: AppEvent) -> [Command] {
  switch event {
  case .tick(let now):
    state.now = now
    if let wake = state.pendingWake, now >= wake { state.pendingWake = nil }
    if state.isLoading { state.spinnerFrame &+= 1 }
    return []
  case .resize(let size):
    state.size = size
    return []
  case .stop(let exitCode):
    return [.quit(exitCode: exitCode)]
  case .loadersChanged(let organization, let repositories, let now):
    state.now = now
    if case .success = organization, !isSuccess(state.organization) {
      state.organizationSucceededAt = now
    }
    if case .success = repositories, !isSuccess(state.repositories) {
      state.repositoriesSucceededAt = now
    }
    state.setLoaders(organization: organization, repositories: repositories)
    return []
  case .key(let key):
    if state.isEditingFilter { return editFilter(&state, key) }
    if state.showHelp {
      state.showHelp = false
      return key == .interrupt || key == .character("q") ? [.quit(exitCode: 0)] : []
    }
    return press(&state, key)
  }
}

/// The one timer: a spinner frame while anything loads, else the moment a status-bar age
/// ("20s ago") would read differently, else none.
private func scheduleWake(_ state: inout AppState) -> [Command] {
  let desired: Date?
  if state.isLoading {
    desired = state.pendingWake ?? state.now.addingTimeInterval(Spinner.interval)
  } else {
    desired = [state.organizationSucceededAt, state.repositoriesSucceededAt]
      .compactMap { $0.map { AgeLabel.nextChangeDate(since: $0, now: state.now) } }.min()
  }
  guard desired != state.pendingWake else { return [] }
  state.pendingWake = desired
  return [desired.map { .wake(at: $0) } ?? .cancelWake]
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
    return [.quit(exitCode: 0)]
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
    state.setFilter("")
    state.isEditingFilter = false
  case .enter:
    state.isEditingFilter = false
  case .interrupt:
    return [.quit(exitCode: 0)]
  case .backspace:
    state.setFilter(String(state.filter.dropLast()))
  case .character(let character):
    let clean = TextSanitizer.clean(String(character))
    if state.filter.count < 64 { state.setFilter(state.filter + clean) }
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
}

private func clampScroll(_ state: inout AppState) {
  for pane in [PaneID.fetch, .result] {
    let count = state.visibleRepositories(pane).count
    let height = Layout.listHeight(state, pane)
    let maximum = max(0, count - height)
    state.scroll[pane] = min(max(0, state.scroll[pane] ?? 0), maximum)
  }
}
