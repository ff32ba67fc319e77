import ApexyLoader
import Foundation
import GitHubAPI

/// Draws the Fetch and Result panes: a header (button, status, heading, filter) over a list.
public enum PaneView {
  /// The pane title.
  public static func title(_ pane: PaneID) -> String {
    pane == .fetch ? "Fetch" : "Result"
  }

  /// The lines above the list, for a pane in a state and an inner width.
  public static func header(_ state: AppState, _ pane: PaneID, width: Int) -> [PaneLine] {
    var lines: [PaneLine] = []
    let status: (isLoading: Bool, error: Error?, hasContent: Bool, isInitial: Bool)
    let heading: String
    switch pane {
    case .fetch:
      let button = state.focus == .fetchButton ? Style.focusButton : .button
      lines.append(PaneLine(text: "[ Fetch ]", style: button))
      lines.append(PaneLine(text: "", style: .plain))
      let merged = state.merged
      status = (merged.isLoading, merged.error, merged.content != nil, isInitial(merged))
      let name = merged.content?.organization.displayName ?? state.org
      heading = "Repositories of the \(name) organization:"
    case .result:
      let repositories = state.repositories
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
    if status.isLoading {
      lines.append(PaneLine(text: "\(Spinner.frame(state.spinnerFrame)) Loading…", style: .spinner))
    } else if let error = status.error {
      let message = ErrorMessage.line(for: error, host: state.host, timeout: state.timeout)
      add("✗ " + message, .error, maxLines: 3)
    } else if status.isInitial {
      let prompt =
        pane == .fetch
        ? "Press f or Enter to fetch \(state.org) and its repositories."
        : "Nothing loaded yet. Press r to load the repositories, or f to fetch both."
      add(prompt, .dim, maxLines: 3)
    }
    if status.hasContent {
      add(heading, .heading, maxLines: 2)
      if !state.filter.isEmpty || state.isEditingFilter {
        let cursor = state.isEditingFilter ? "▏" : ""
        let count = state.visibleRepositories(pane).count
        lines.append(
          PaneLine(text: "Filter: \(state.filter)\(cursor)  (\(count) shown)", style: .dim))
      }
    }
    return lines
  }

  /// Draws a pane with its border, header and the visible part of its list.
  public static func draw(_ state: AppState, _ pane: PaneID, in rect: Rect, into grid: inout Grid) {
    let focused = state.focus.pane == pane
    Border.draw(
      rect, title: title(pane), style: focused ? .focusBorder : .border, into: &grid)
    let inner = rect.content
    guard inner.width > 0, inner.height > 0 else { return }
    let header = header(state, pane, width: inner.width)
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
      return
    }
    let first = min(state.scroll[pane] ?? 0, max(0, repositories.count - height))
    let shown = repositories[first..<min(repositories.count, first + height)]
    for (offset, repository) in shown.enumerated() {
      row(repository, width: inner.width, x: inner.x, y: listTop + offset, into: &grid)
    }
    if repositories.count > height {
      let label = " \(first + 1)–\(first + shown.count) of \(repositories.count) "
      if TextWidth.of(label) + 4 <= rect.width {
        grid.put(label, x: rect.right - 1 - TextWidth.of(label), y: rect.bottom, style: .dim)
      }
    }
  }

  /// One list row: the name, then language and stars on the right when there is room.
  public static func row(
    _ repository: Repository, width: Int, x: Int, y: Int, into grid: inout Grid
  ) {
    var right = "★\(repository.stargazersCount)"
    if let language = repository.language { right = language + " " + right }
    if repository.fork { right = "fork " + right }
    let rightWidth = TextWidth.of(right)
    guard width >= rightWidth + 12 else {
      grid.put(TextWidth.truncate(repository.name, to: width), x: x, y: y, style: .plain)
      return
    }
    let nameWidth = width - rightWidth - 1
    grid.put(TextWidth.truncate(repository.name, to: nameWidth), x: x, y: y, style: .plain)
    grid.put(right, x: x + width - rightWidth, y: y, style: .dim)
  }

  private static func hasContent(_ state: AppState, _ pane: PaneID) -> Bool {
    pane == .fetch ? state.merged.content != nil : state.repositories.content != nil
  }

  private static func isInitial<T>(_ state: LoadingState<T>) -> Bool {
    if case .initial = state { return true }
    return false
  }
}
