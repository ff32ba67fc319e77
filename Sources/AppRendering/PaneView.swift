import AppModel
import GitHubAPI

/// Draws the Fetch and Result panes: a header (button, status, heading, filter) over a list.
public enum PaneView {
  /// What each pane reads: the Fetch pane merges both loaders, the Result pane shows the
  /// repositories alone.
  public static func loaderView(_ pane: PaneID) -> LoaderView {
    pane == .fetch
      ? LoaderView(name: "Fetch pane", reads: [.owner, .repositories])
      : LoaderView(name: "Result pane", reads: [.repositories])
  }

  /// The pane title.
  public static func title(_ pane: PaneID) -> String {
    pane == .fetch ? "Fetch" : "Result"
  }

  /// Draws a pane with its border, header and the visible part of its list.
  public static func draw(_ state: AppState, _ pane: PaneID, in rect: Rect, into grid: inout Grid) {
    let focused = state.focus.pane == pane
    Border.draw(
      rect, title: title(pane), style: focused ? .focusBorder : .border, into: &grid)
    let inner = rect.content
    guard inner.width > 0, inner.height > 0 else { return }
    let header = PaneHeader.lines(state, pane, width: inner.width)
    for (row, line) in header.prefix(inner.height).enumerated() {
      grid.put(
        TextWidth.truncate(line.text, to: inner.width), x: inner.x, y: inner.y + row,
        limit: inner.width, style: line.style)
    }
    let listTop = inner.y + header.count
    let height = inner.bottom - listTop + 1
    guard height > 0, hasContent(state, pane) else { return }
    let repositories = state.visibleRepositories(pane)
    if repositories.isEmpty {
      let text =
        state.filter.isEmpty ? "No repositories." : "No repository matches \"\(state.filter)\"."
      grid.put(TextWidth.truncate(text, to: inner.width), x: inner.x, y: listTop, style: .dim)
      // While pages arrive the border still says how far the load is.
      putFooter(state, first: 0, shown: 0, listed: 0, rect: rect, into: &grid)
      return
    }
    let (first, shown) = shownRows(state, pane, repositories, height: height)
    let lines = Layout.rowHeight(state, pane)
    let selected = state.lists.selected[pane] ?? 0
    let listFocused = state.focus == (pane == .fetch ? .fetchList : .resultList)
    for (offset, repository) in shown.enumerated() {
      let highlight: Style? =
        first + offset == selected ? (listFocused ? .focusButton : .button) : nil
      let y = listTop + offset * lines
      row(repository, width: inner.width, x: inner.x, y: y, highlight: highlight, into: &grid)
      if lines == 2, let description = repository.description {
        grid.put(
          TextWidth.truncate("  " + description, to: inner.width), x: inner.x, y: y + 1,
          style: .dim)
      }
    }
    putFooter(
      state, first: first, shown: shown.count, listed: repositories.count, rect: rect,
      into: &grid)
  }

  /// The repositories `pane` shows in `rect` and the index of the first, or `nil` when it shows
  /// no list: what ``draw(_:_:in:into:)`` draws, row by row.
  public static func shownRows(_ state: AppState, _ pane: PaneID, in rect: Rect)
    -> (first: Int, rows: Slice<RepositoryList>)?
  {
    let inner = rect.content
    let height = inner.height - PaneHeader.lines(state, pane, width: inner.width).count
    guard inner.width > 0, height > 0, hasContent(state, pane) else { return nil }
    return shownRows(state, pane, state.visibleRepositories(pane), height: height)
  }

  /// The part of `repositories` a list `height` rows high shows from the pane's scroll.
  private static func shownRows(
    _ state: AppState, _ pane: PaneID, _ repositories: RepositoryList, height: Int
  ) -> (first: Int, rows: Slice<RepositoryList>) {
    // `update` keeps the scroll and the selection within the list; drawing trusts them.
    let first = min(state.scroll[pane] ?? 0, repositories.count)
    let count = max(1, height / Layout.rowHeight(state, pane))
    return (first, repositories[first..<min(repositories.count, first + count)])
  }

  /// Draws the bottom edge of `pane`'s border in `rect`, in `style`, with its label: what
  /// ``draw(_:_:in:into:)`` draws there, for a frame that draws nothing else of the pane.
  static func drawFooter(
    _ state: AppState, _ pane: PaneID, in rect: Rect, style: Style, into grid: inout Grid
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let horizontal = String(repeating: "─", count: rect.width - 2)
    grid.put("└" + horizontal + "┘", x: rect.x, y: rect.bottom, style: style)
    let repositories = state.visibleRepositories(pane)
    let inner = rect.content
    let header = PaneHeader.lines(state, pane, width: inner.width)
    guard inner.width > 0, inner.height > header.count, hasContent(state, pane) else { return }
    guard !repositories.isEmpty else {
      putFooter(state, first: 0, shown: 0, listed: 0, rect: rect, into: &grid)
      return
    }
    let first = state.scroll[pane] ?? 0
    let shown = min(repositories.count, first + Layout.itemsShown(state, pane)) - first
    putFooter(
      state, first: first, shown: shown, listed: repositories.count, rect: rect, into: &grid)
  }

  /// Puts `footer`'s label on the bottom edge of `rect`, right-aligned.
  private static func putFooter(
    _ state: AppState, first: Int, shown: Int, listed: Int, rect: Rect, into grid: inout Grid
  ) {
    guard let label = footer(state, first: first, shown: shown, listed: listed, width: rect.width)
    else { return }
    grid.put(label, x: rect.right - 1 - TextWidth.of(label), y: rect.bottom, style: .dim)
  }

  /// The bottom border's label: the rows shown of how many (" 1–10 of 36 ") when the list
  /// scrolls and, while pages arrive, the rows so far and the page (" 1–10 of 1,200 so far ·
  /// page 12/50 "); narrower borders get less of it, the pages before the rows; `nil` for none.
  static func footer(_ state: AppState, first: Int, shown: Int, listed: Int, width: Int)
    -> String?
  {
    let range = listed > shown ? "\(first + 1)–\(first + shown) of " : nil
    var labels: [String] = []
    if let pages = state.pagesLoading {
      let partial = state.repositories.state.content == nil && state.filter.isEmpty
      let soFar = PageNotes.soFar(pages)
      if let range {
        labels.append(
          partial ? range + soFar : range + PageNotes.grouped(listed) + " · " + soFar)
      }
      labels += [soFar, PageNotes.page(pages)]
    }
    if let range { labels.append(range + PageNotes.grouped(listed)) }
    return labels.map { " \($0) " }.first { TextWidth.of($0) + 4 <= width }
  }

  /// One list row: the name, then language and stars on the right when there is room; a
  /// selected row is drawn across the whole width in `highlight`.
  public static func row(
    _ repository: Repository, width: Int, x: Int, y: Int, highlight: Style? = nil,
    into grid: inout Grid
  ) {
    if let highlight {
      grid.fill(Rect(x: x, y: y, width: width, height: 1), style: highlight)
    }
    var right = "★\(repository.stargazersCount)"
    if let language = repository.language { right = language + " " + right }
    if repository.fork { right = "fork " + right }
    let rightWidth = TextWidth.of(right)
    guard width >= rightWidth + 12 else {
      grid.put(
        TextWidth.truncate(repository.name, to: width), x: x, y: y, style: highlight ?? .plain)
      return
    }
    let nameWidth = width - rightWidth - 1
    grid.put(
      TextWidth.truncate(repository.name, to: nameWidth), x: x, y: y, style: highlight ?? .plain)
    grid.put(right, x: x + width - rightWidth, y: y, style: highlight ?? .dim)
  }

  private static func hasContent(_ state: AppState, _ pane: PaneID) -> Bool {
    pane == .fetch ? state.shownMerged.content != nil : state.shownRepositories.content != nil
  }
}
