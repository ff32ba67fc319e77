import GitHubAPI

/// Switching the owner both panes show: what the owner left looked like is kept, the owner
/// shown next comes back as it was left (or empty, for the runtime's loaders to fill), and
/// the runtime is asked to show its loaders and revalidate them.
enum OwnerSwitch {
  /// Shows `login` (of `kind`, when known) in both panes; nothing happens for the owner shown.
  static func show(_ login: GitHubLogin, kind: OwnerKind? = nil, _ state: inout AppState)
    -> [Command]
  {
    state.ownerPrompt = nil
    guard login != state.ownerLogin else { return [] }
    var commands: [Command] = state.lists.detail == nil ? [] : [.closeDetail]
    state.ownerViews[state.ownerLogin] = OwnerView(
      owner: state.owner, repositories: state.repositories, kind: state.ownerKind,
      lists: ListState(selected: state.lists.selected), scroll: state.scroll)
    state.owners.previous = state.ownerLogin
    state.owners.opened(login)
    let saved = state.ownerViews.removeValue(forKey: login)
    state.ownerLogin = login
    state.ownerKind = saved?.kind ?? kind
    state.show(
      owner: saved?.owner ?? LoaderSlot(),
      repositories: saved?.repositories ?? LoaderSlot())
    state.lists = saved?.lists ?? ListState()
    state.scroll = saved?.scroll ?? [.fetch: 0, .result: 0]
    state.notice = nil
    commands += [.showOwner(login, kind: state.ownerKind), .saveRecentOwners(state.owners.recent)]
    // Shown at once from what was kept, and revalidated, as a first visit is loaded.
    return commands + state.rounds.fetch(bothLoading: false)
  }

  /// Goes back to the owner shown before, as `cd -` does (at start, the most recent other
  /// owner of the runs before); a notice when there is none.
  static func back(_ state: inout AppState) -> [Command] {
    let current = state.ownerLogin
    let before = state.owners.previous ?? state.owners.recent.first { $0 != current }
    guard let previous = before else {
      state.notice = "No owner to go back to: press @ to open one."
      return []
    }
    return show(previous, kind: state.ownerViews[previous]?.kind, &state)
  }

  /// An owner shown that turned out not to exist leaves the recent owners (and `-`): Tab
  /// and the next run no longer offer it.
  static func forgetMissing(_ change: LoaderChange, _ state: inout AppState) -> [Command] {
    guard case .owner(let snapshot, _) = change, state.isShown(change),
      case .failure(let error, _) = snapshot.state,
      let gitHub = error as? GitHubError, gitHub.statusCode == 404,
      state.owners.recent.contains(where: { $0 == state.ownerLogin })
    else { return [] }
    state.owners.forget(state.ownerLogin)
    return [.saveRecentOwners(state.owners.recent)]
  }

  /// Forgets the views of owners the runtime no longer keeps: their lists go with their
  /// loaders, and come back from the cache.
  static func keep(_ kept: KeptLoaders, _ state: inout AppState) {
    state.kept = kept
    let keys = Set(kept.owners.map { $0 })
    state.ownerViews = state.ownerViews.filter { keys.contains($0.key) }
  }
}

/// What an owner left looked like, to show again as it was: both loaders' slots, the
/// selection and the scroll.
struct OwnerView: Sendable, Equatable {
  var owner: LoaderSlot<Owner>
  var repositories: LoaderSlot<RepositoryList>
  var kind: OwnerKind?
  var lists: ListState
  var scroll: [PaneID: Int]
}
