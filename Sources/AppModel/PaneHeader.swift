import ApexyLoader
import GitHubAPI

/// What a pane shows above its list (button, status, heading, filter), as lines of text: the
/// layout counts them and the pane draws them.
public enum PaneHeader {
  /// The lines above the list, for a pane in a state and an inner width.
  public static func lines(_ state: AppState, _ pane: PaneID, width: Int) -> [PaneLine] {
    parts(state, pane, width: width).lines
  }

  /// How many lines the header takes with one line at least for its status (loading, an
  /// error, a notice), which comes and goes with a load: the rows' layout that depends on the
  /// room left stays the same from the load to its end.
  public static func steadyCount(_ state: AppState, _ pane: PaneID, width: Int) -> Int {
    let parts = parts(state, pane, width: width)
    return parts.lines.count + (parts.statusCount == 0 ? 1 : 0)
  }

  /// The header's lines, how many of them say the loaders' status, and whether the last is
  /// the filter's.
  private static func parts(_ state: AppState, _ pane: PaneID, width: Int)
    -> (lines: [PaneLine], statusCount: Int, endsWithFilter: Bool)
  {
    var lines: [PaneLine] = []
    let status: (isLoading: Bool, error: Error?, hasContent: Bool, isInitial: Bool)
    let heading: String
    switch pane {
    case .fetch:
      let button = state.focus == .fetchButton ? Style.focusButton : .button
      lines.append(PaneLine(text: "[ Fetch ]", style: button))
      lines.append(PaneLine(text: "", style: .plain))
      let merged = state.shownMerged
      status = (merged.isLoading, merged.error, merged.content != nil, isInitial(merged))
      let name = merged.content?.owner.displayName ?? state.ownerLogin.spelling
      heading =
        state.ownerKind == .user
        ? "Repositories of \(name) (user):" : "Repositories of the \(name) organization:"
    case .result:
      let repositories = state.shownRepositories
      status = (
        repositories.isLoading, repositories.error, repositories.content != nil,
        isInitial(repositories)
      )
      heading = "Repositories:"
    }
    func add(_ text: String, _ style: Style, maxLines: Int) {
      for line in TextWrap.wrap(text, width: width, maxLines: maxLines) {
        lines.append(PaneLine(text: line, style: style))
      }
    }
    let statusLines = statusLines(state, pane, status, width: width)
    lines += statusLines
    let statusCount = statusLines.count
    if status.hasContent {
      let sorted = sortedHeading(heading, state)
      add(sorted, .heading, maxLines: 2)
      if showsFilter(state) {
        let count = state.visibleRepositories(pane).count
        lines.append(PaneLine(text: filterLine(state, count: count, width: width), style: .dim))
      }
    }
    return (lines, statusCount, status.hasContent && showsFilter(state))
  }

  /// The lines that say the loaders' status: the spinner (and a rate limit that will not
  /// last the load), an error, the page cap's notice, or what to press first.
  private static func statusLines(
    _ state: AppState, _ pane: PaneID,
    _ status: (isLoading: Bool, error: Error?, hasContent: Bool, isInitial: Bool), width: Int
  ) -> [PaneLine] {
    func wrapped(_ text: String, _ style: Style, maxLines: Int) -> [PaneLine] {
      TextWrap.wrap(text, width: width, maxLines: maxLines).map { PaneLine(text: $0, style: style) }
    }
    if status.isLoading {
      let spinner = Spinner.frame(state.spinnerFrame, ascii: state.asciiOnly)
      return [PaneLine(text: "\(spinner) Loading…", style: .spinner)]
        + (state.rateLimitShort.map { wrapped($0, .error, maxLines: 2) } ?? [])
    }
    if let error = status.error {
      // Three lines keep room for the rows kept; a tall pane has room for the whole line, its
      // advice at the end included.
      let tall = Layout.rect(state.size, pane, inspector: state.inspector.isOpen).height >= 18
      return wrapped("✗ " + state.errorLine(for: error, pane: pane), .error, maxLines: tall ? 6 : 3)
    }
    if let notice = state.capNotice { return wrapped(notice, .dim, maxLines: 2) }
    guard status.isInitial else { return [] }
    let prompt =
      pane == .fetch
      ? "Press f or Enter to fetch \(state.ownerLogin) and its repositories."
      : "Nothing loaded yet. Press r to load the repositories, or f to fetch both."
    return wrapped(prompt, .dim, maxLines: 3)
  }

  /// The list's heading with its order: "Repositories, by stars:", "…, by name, the other
  /// way:", "…, last listed first:"; the heading alone as listed.
  static func sortedHeading(_ heading: String, _ state: AppState) -> String {
    if state.sort == .listed {
      return state.sortReversed ? heading.dropLast() + ", last listed first:" : heading
    }
    let way = state.sortReversed ? ", the other way" : ""
    return heading.dropLast() + ", " + state.sort.label + way + ":"
  }

  /// Whether a pane with content ends its header with the filter line.
  private static func showsFilter(_ state: AppState) -> Bool {
    !state.filter.isEmpty || state.isEditingFilter
  }

  /// Whether a pane on screen shows the filter line: none does before anything is loaded, or
  /// where the terminal is too short for a pane's header; the status bar shows the filter
  /// being typed then.
  public static func filterInView(_ state: AppState) -> Bool {
    guard showsFilter(state) else { return false }
    let frame = Layout.frame(
      state.size, focused: state.focus.pane, inspector: state.inspector.isOpen)
    return frame.panes.contains { pane in
      let inner = pane.rect.content
      let parts = parts(state, pane.id, width: inner.width)
      return parts.endsWithFilter && parts.lines.count <= inner.height
    }
  }

  private static func isInitial<T>(_ state: LoadingState<T>) -> Bool {
    if case .initial = state { return true }
    return false
  }

  /// "Filter: ios▏  (2 shown)"; a filter too long for the line shows its end, so the caret and
  /// the count stay in view.
  public static func filterLine(_ state: AppState, count: Int, width: Int) -> String {
    let prefix = "Filter: "
    let suffix = (state.isEditingFilter ? "▏" : "") + "  (\(count) shown)"
    let room = width - TextWidth.of(prefix) - TextWidth.of(suffix)
    var shown = state.filter
    if TextWidth.of(shown) > room, room > 1 {
      var tail = ""
      for character in shown.reversed() {
        if TextWidth.of(tail) + TextWidth.of(character) > room - 1 { break }
        tail.insert(character, at: tail.startIndex)
      }
      shown = "…" + tail
    }
    return prefix + shown + suffix
  }
}
