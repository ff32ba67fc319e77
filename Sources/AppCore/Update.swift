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
  ListKeys.follow(&state)
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
  case .notice(let text):
    state.notice = text
    return []
  case .request(let record):
    state.inspector.record(record)
    return []
  case .observers(let names):
    state.inspector.observers = names
    return []
  case .loadersChanged(let organization, let repositories, let now):
    state.now = now
    if case .success = organization, !isSuccess(state.organization) {
      state.organizationSucceededAt = now
    }
    if case .success = repositories, !isSuccess(state.repositories) {
      state.repositoriesSucceededAt = now
    }
    state.setLoaders(organization: organization, repositories: repositories)
    state.inspector.timeline.note(
      organization: organization, repositories: repositories, merged: state.merged, at: now)
    return []
  case .loaderStatusChanged(let organization, let repositories, let now):
    state.now = now
    state.organizationStatus = organization
    state.repositoriesStatus = repositories
    state.inspector.noteRetry(.organization, retry: organization.retry?.retry)
    state.inspector.noteRetry(.repositories, retry: repositories.retry?.retry)
    return []
  case .detailChanged(let key, let detail, let status, let now):
    state.now = now
    state.inspector.noteRetry(.repository, key: key, retry: status.retry?.retry)
    guard let before = state.lists.detailLoad, before.key == key else { return [] }
    state.lists.detailLoad?.take(detail, status: status, at: now)
    state.inspector.timeline.noteDetail(detail, at: now, restart: before.state == .initial)
    return []
  case .cacheChanged(let cache):
    state.cache = cache
    return []
  case .key(let key):
    if let commands = always(&state, key) { return commands }
    if Layout.isTooSmall(state.size) { return [] }
    if state.isEditingFilter { return editFilter(&state, key) }
    if state.showHelp { return helpKey(&state, key) }
    if state.lists.detail != nil { return ListKeys.detailKey(&state, key) }
    return press(&state, key)
  case .paste(let text):
    guard state.isEditingFilter, !Layout.isTooSmall(state.size) else { return [] }
    appendToFilter(&state, text)
    return []
  case .mouse(let mouse):
    guard !Layout.isTooSmall(state.size), !state.showHelp, state.lists.detail == nil else {
      return []
    }
    return MouseClick.apply(&state, mouse)
  }
}

/// With the key help open: the arrows scroll it when it does not fit, `q` quits, any other
/// key closes it.
private func helpKey(_ state: inout AppState, _ key: Key) -> [Command] {
  let maximum = HelpOverlay.maximumScroll(state.size)
  let step: Int? =
    switch key {
    case .up, .character("k"): -1
    case .down, .character("j"): 1
    default: nil
    }
  if let step, maximum > 0 {
    state.helpScroll = min(maximum, max(0, state.helpScroll + step))
    return []
  }
  if key == .character("q") { return [.quit(exitCode: 0)] }
  state.showHelp = false
  state.helpScroll = 0
  return []
}

/// Keys that act on every screen, the "terminal too small" one included.
private func always(_ state: inout AppState, _ key: Key) -> [Command]? {
  switch key {
  case .interrupt: return [.quit(exitCode: 0)]
  case .repaint: return [.repaint]
  case .suspend: return [.suspend]
  case .character("q") where !state.isEditingFilter && Layout.isTooSmall(state.size):
    return [.quit(exitCode: 0)]
  default: return nil
  }
}

/// The one timer: a spinner frame while anything loads, or the next whole second of a retry
/// countdown if sooner; else the moment a status-bar age ("20s ago") would read differently
/// or content turns stale; else none.
private func scheduleWake(_ state: inout AppState) -> [Command] {
  let statuses = [state.organizationStatus, state.repositoriesStatus]
  let desired: Date?
  if state.isLoading {
    let spinner = state.pendingWake ?? state.now.addingTimeInterval(Spinner.interval)
    let countdown = statuses.compactMap { $0.retry?.nextChange(after: state.now) }.min()
    desired = min(spinner, countdown ?? spinner)
  } else {
    let ages = [
      state.organizationSucceededAt, state.repositoriesSucceededAt,
      state.cache.organizationRestoredAt, state.cache.repositoriesRestoredAt,
    ]
    .compactMap { $0.map { AgeLabel.nextChangeDate(since: $0, now: state.now) } }
    desired = (ages + statuses.compactMap { $0.staleDate(after: state.now) }).min()
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
  if InspectorView.navigate(&state, key) { return [] }
  switch key {
  case .character("f"):
    return [.fetchBoth]
  case .enter:
    return ListKeys.openDetail(&state) ?? [.fetchBoth]
  case .character("s"):
    ListKeys.cycleSort(&state)
  case .character("i"):
    state.inspector.isOpen.toggle()
  case .character("["), .character("]"):
    InspectorView.scroll(&state, older: key == .character("["))
  case .character("o"):
    return ListKeys.act(&state, "o")
  case .character("y"):
    return ListKeys.act(&state, "y")
  case .character("r"):
    return [.reloadRepositories]
  case .character("q"):
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
    ListKeys.move(&state, by: -1)
  case .down, .character("j"):
    ListKeys.move(&state, by: 1)
  case .pageUp:
    ListKeys.page(&state, by: -max(1, Layout.itemsShown(state, focusedPane(state)) - 1))
  case .pageDown:
    ListKeys.page(&state, by: max(1, Layout.itemsShown(state, focusedPane(state)) - 1))
  case .home, .character("g"):
    ListKeys.move(&state, by: Int.min / 2)
  case .end, .character("G"):
    ListKeys.move(&state, by: Int.max / 2)
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
  case .backspace:
    state.setFilter(String(state.filter.dropLast()))
  case .clearLine:
    state.setFilter("")
  case .deleteWord:
    let kept = state.filter.reversed().drop { $0 == " " }.drop { $0 != " " }
    state.setFilter(String(kept.reversed()))
  case .character(let character):
    appendToFilter(&state, String(character))
  default:
    break
  }
  state.scroll = [.fetch: 0, .result: 0]
  state.lists.selected = [.fetch: 0, .result: 0]
  return []
}

/// Adds typed or pasted text to the filter: controls and line breaks are dropped, and the
/// filter keeps at most `AppState.filterLimit` characters.
private func appendToFilter(_ state: inout AppState, _ text: String) {
  let kept = text.filter { character in
    !character.unicodeScalars.contains { TextSanitizer.isControl($0) }
  }
  let room = max(0, AppState.filterLimit - state.filter.count)
  guard room > 0, !kept.isEmpty else { return }
  state.setFilter(state.filter + kept.prefix(room))
  state.scroll = [.fetch: 0, .result: 0]
  state.lists.selected = [.fetch: 0, .result: 0]
}

/// The pane whose list the arrow keys scroll: the focused one.
private func focusedPane(_ state: AppState) -> PaneID { state.focus.pane }

private func moveFocus(_ state: inout AppState, by step: Int) {
  let all = Focus.allCases
  let index = (all.firstIndex(of: state.focus)! + step + all.count) % all.count
  state.focus = all[index]
}
