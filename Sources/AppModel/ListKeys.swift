import GitHubAPI

/// What the selection keys, the detail view and the repository actions (`o`, `y`, `s`) do to
/// the state; `update` calls these.
enum ListKeys {
  /// The repository selected in the focused pane's list, if it lists any.
  static func selected(_ state: AppState) -> Repository? {
    selected(state, in: state.focus.pane)
  }

  /// The repository selected in `pane`'s list, if it lists any.
  static func selected(_ state: AppState, in pane: PaneID) -> Repository? {
    let list = state.visibleRepositories(pane)
    let index = state.lists.selected[pane] ?? 0
    return list.indices.contains(index) ? list[index] : nil
  }

  /// Moves the focused pane's selection by `step` rows (clamped later by `follow`).
  static func move(_ state: inout AppState, by step: Int) {
    let pane = state.focus.pane
    if state.focus == .fetchButton, step > 0 { state.focus = .fetchList }
    let current = state.lists.selected[pane] ?? 0
    state.lists.selected[pane] = current + step
  }

  /// PgUp and PgDn: the view and the selection move together, a page at a time.
  static func page(_ state: inout AppState, by step: Int) {
    move(&state, by: step)
    let pane = state.focus.pane
    state.scroll[pane] = (state.scroll[pane] ?? 0) + step
  }

  /// Keeps each selection inside its list and scrolls each list so its selection shows.
  static func follow(_ state: inout AppState) {
    for pane in [PaneID.fetch, .result] {
      let count = state.visibleRepositories(pane).count
      let selected = min(max(0, state.lists.selected[pane] ?? 0), max(0, count - 1))
      state.lists.selected[pane] = selected
      let shown = Layout.itemsShown(state, pane)
      var first = state.scroll[pane] ?? 0
      if selected < first { first = selected }
      if selected >= first + shown { first = selected - shown + 1 }
      state.scroll[pane] = min(max(0, first), max(0, count - shown))
    }
  }

  /// Enter on a list row: opens that repository's detail view and asks for its detail
  /// request; `nil` when no row is selected.
  static func openDetail(_ state: inout AppState) -> [Command]? {
    guard state.focus != .fetchButton, let repository = selected(state) else { return nil }
    let key = OpenDetail.key(of: repository, owner: state.ownerLogin)
    state.lists.detail = OpenDetail(repository: repository, key: key)
    return [.loadDetail(key)]
  }

  /// Closes the detail view and lets go of its loader.
  static func closeDetail(_ state: inout AppState) -> [Command] {
    state.lists.detail = nil
    return [.closeDetail]
  }

  /// `s`: the next sort order (the other way still, after `S`), the selections back on the
  /// first rows.
  static func cycleSort(_ state: inout AppState) {
    sort(&state, state.sort.next, descending: state.sortReversed)
  }

  /// `S`: the same order the other way (last first), the selections back on the first rows.
  static func reverseSort(_ state: inout AppState) {
    sort(&state, state.sort, descending: !state.sortReversed)
  }

  /// Lists both panes in `order` (the other way when `descending`), selects their first rows
  /// and says which order it is.
  private static func sort(_ state: inout AppState, _ order: SortOrder, descending: Bool) {
    state.setSort(order, descending: descending)
    state.lists.selected = [.fetch: 0, .result: 0]
    let name = order == .listed ? "as listed" : order.label
    state.notice = "Sorted \(name)" + (descending ? ", the other way." : ".")
  }

  /// `n` and `N`: the next (`step` 1) or previous (-1) row of the focused list the filter
  /// matched, wrapping at the ends; a notice without a filter.
  static func match(_ state: inout AppState, step: Int) {
    guard !state.filter.isEmpty else {
      state.notice = "No filter: press / to filter, then n and N go through its matches."
      return
    }
    let pane = state.focus.pane
    let count = state.visibleRepositories(pane).count
    guard count > 0 else {
      state.notice = "No repository matches the filter."
      return
    }
    let selected = state.lists.selected[pane] ?? 0
    let next = ((selected + step) % count + count) % count
    state.lists.selected[pane] = next
    let text = matchLine(state, in: pane)
    state.notice = text
    state.matchNotice = MatchNotice(pane: pane, text: text)
  }

  /// "Match 3 of 12.": the selected row of `pane` among the rows the filter matched.
  static func matchLine(_ state: AppState, in pane: PaneID) -> String {
    let count = state.visibleRepositories(pane).count
    guard count > 0 else { return "No repository matches the filter." }
    return "Match \((state.lists.selected[pane] ?? 0) + 1) of \(count)."
  }

  /// `o` and `y` on the open detail view or the selected row: open its page or copy its address.
  static func act(_ action: Action, _ state: inout AppState) -> [Command] {
    guard let repository = state.lists.detail?.repository ?? selected(state) else {
      state.notice = "Select a repository first."
      return []
    }
    guard let url = repository.htmlURL else {
      state.notice = "\(repository.name) has no web address."
      return []
    }
    if action == .openInBrowser {
      state.notice = "Opening \(url.absoluteString)"
      return [.openURL(url)]
    }
    state.notice = "Copied \(url.absoluteString)"
    return [.copy(url.absoluteString)]
  }
}
