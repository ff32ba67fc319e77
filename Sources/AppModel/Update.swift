import Foundation
import GitHubAPI

/// Applies one event to the state and returns every effect it asks for, timers and quitting
/// included. Pure: no I/O, no clock (time arrives inside events).
public func update(_ state: inout AppState, _ event: AppEvent) -> [Command] {
  let wasLoading = state.isLoading
  var commands = apply(&state, event)
  if commands.contains(where: \.isQuit) { return commands }
  commands += FetchRounds.next(&state)
  if commands.contains(where: \.isQuit) { return commands }
  ListKeys.follow(&state)
  commands += WakeSchedule.next(&state)
  // A loader's change ended the last load and no other starts: what the loads freed can go
  // back to the kernel. (Closing a detail view whose load goes on ends no load.)
  if case .loaderChanged = event, wasLoading, !state.isLoading,
    !commands.contains(where: \.startsALoad)
  {
    commands.append(.trimMemory)
  }
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
    // What the terminal shows after a resize is not what was drawn: draw every cell again.
    return [.repaint]
  case .stop(let code):
    // Headless `--trace`: the requests in flight are cancelled and their ends printed first,
    // so none is left without its end line; a second stop quits at once.
    if state.rounds.waitsForRequests, state.inspector.inFlight > 0, state.rounds.stopping == nil {
      state.rounds.stopping = code
      return [.cancelRequests(code)]
    }
    return [.quit(code)]
  case .kept(let kept):
    OwnerSwitch.keep(kept, &state)
    return []
  case .notice(let text):
    state.notice = text
    return []
  case .request(let record):
    state.inspector.record(record)
    if let code = state.rounds.stopping, state.inspector.inFlight == 0 { return [.quit(code)] }
    return []
  case .requestEventsDrained:
    if state.rounds.drain == .asked { state.rounds.drain = .done }
    return []
  case .observers(let names):
    state.inspector.observers = names
    return []
  case .loaderChanged(let change, let now):
    take(change, at: now, into: &state)
    return OwnerSwitch.forgetMissing(change, &state)
  case .key(let key):
    return KeyInput.apply(key, to: &state)
  case .action(let action):
    return action.perform(on: &state)
  case .paste(let text):
    guard !Layout.isTooSmall(state.size) else { return [] }
    if state.ownerPrompt != nil {
      OwnerPromptEditing.append(text, to: &state)
    } else if state.isEditingFilter {
      FilterEditing.append(text, to: &state)
    }
    return []
  case .mouse(let mouse):
    guard !Layout.isTooSmall(state.size), !state.showHelp, state.lists.detail == nil else {
      return []
    }
    return MouseClick.apply(&state, mouse)
  }
}

/// A loader's change: its slot, the inspector's retry count and its timeline.
private func take(_ change: LoaderChange, at now: Date, into state: inout AppState) {
  state.now = now
  // A late change of an owner no longer shown never reaches the panes or the timeline; the
  // rate limit its answer reported is the host's, whichever owner is shown.
  guard state.isShown(change) else {
    state.noteRateLimit(change.rateLimit)
    return
  }
  state.inspector.noteRetry(change.id(shown: state.ownerLogin), retry: change.retry)
  if case .repository(let key, _) = change {
    guard let before = state.lists.detail, before.key == key else { return }
    state.take(change, at: now)
    if let after = state.lists.detail?.loader.state {
      state.inspector.timeline.noteDetail(after, at: now, restart: before.loader.state == .initial)
    }
    return
  }
  state.take(change, at: now)
  state.inspector.timeline.note(
    login: state.ownerLogin, owner: state.owner.state, repositories: state.repositories.state,
    merged: state.merged, at: now)
}

extension Command {
  /// Whether this is `.quit`.
  var isQuit: Bool {
    if case .quit = self { return true }
    return false
  }

  /// Whether this starts a loader's load.
  var startsALoad: Bool {
    switch self {
    case .fetchBoth, .reloadRepositories, .loadDetail, .showOwner: true
    default: false
    }
  }
}
