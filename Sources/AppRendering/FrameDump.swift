import AppModel
import Foundation
import GitHubAPI
import JSONOutput

/// A frame's structure as data, for tests that drive the real binary: each pane's rows as
/// records (name, language, stars, fork, selected), its text and spinner, the status bar, the
/// overlays open and the whole screen's text. What only a terminal shows (colours, the
/// terminal given back) is left to reading the terminal itself.
public enum FrameDump {
  /// The structure of `grid`, rendered from `state`.
  public static func json(_ state: AppState, _ grid: Grid) -> JSONValue {
    let tooSmall = Layout.isTooSmall(state.size)
    let frame = Layout.frame(
      state.size, focused: state.focus.pane, inspector: state.inspector.isOpen)
    let panes = tooSmall ? [] : frame.panes.map { pane(state, $0.id, in: $0.rect, grid) }
    let status = tooSmall ? "" : text(grid, frame.statusBar)
    return .object([
      "size": .object(["columns": .int(state.size.columns), "rows": .int(state.size.rows)]),
      "tooSmall": .bool(tooSmall),
      "tabs": .bool(!tooSmall && frame.tabBar != nil),
      "focus": .string("\(state.focus)"),
      "panes": .array(panes),
      "status": .object([
        "text": .string(status),
        "parts": .array(
          status.split(separator: "│").map {
            .string($0.trimmingCharacters(in: .whitespaces))
          }),
        "owner": .string(state.ownerLogin.spelling),
        "ownerKind": state.ownerKind.map { .string($0.rawValue) } ?? .null,
        "loaders": .object([
          "owner": .string(StateCase(state.owner.state).rawValue),
          "repositories": .string(StateCase(state.repositories.state).rawValue),
        ]),
        "notice": state.notice.map(JSONValue.string) ?? .null,
        "prompt": state.ownerPrompt.map { .string($0.text) } ?? .null,
        "problem": state.ownerPrompt?.problem.map(JSONValue.string) ?? .null,
      ]),
      "overlays": .array(overlays(state).map(JSONValue.string)),
      "lines": .array(grid.lines.map(JSONValue.string)),
    ])
  }

  /// The overlays open, by name: over the panes or in place of the status bar.
  static func overlays(_ state: AppState) -> [String] {
    var names: [String] = []
    if state.ownerPrompt != nil { names.append("owner prompt") }
    if state.inspector.isOpen { names.append("inspector") }
    if state.lists.detail != nil { names.append("detail") }
    if state.showHelp { names.append("help") }
    return names
  }

  private static func pane(_ state: AppState, _ pane: PaneID, in rect: Rect, _ grid: Grid)
    -> JSONValue
  {
    let inner = rect.content
    let header = PaneHeader.lines(state, pane, width: inner.width)
    let shown = PaneView.shownRows(state, pane, in: rect)
    let selected = state.lists.selected[pane] ?? 0
    let rows = (shown.map { Array($0.rows) } ?? []).enumerated().map { offset, repository in
      row(repository, selected: shown.map { $0.first + offset == selected } ?? false)
    }
    return .object([
      "name": .string(PaneView.title(pane)),
      "focused": .bool(state.focus.pane == pane),
      "spinner": .bool(header.contains { $0.style == .spinner }),
      "header": .array(header.map { .string($0.text) }),
      "first": .int(shown?.first ?? 0),
      "listed": .int(shown == nil ? 0 : state.visibleRepositories(pane).count),
      "rows": .array(rows),
      "lines": .array(
        (0..<max(0, inner.height)).map {
          .string(text(grid, Rect(x: inner.x, y: inner.y + $0, width: inner.width, height: 1)))
        }),
      "footer": .string(text(grid, Rect(x: rect.x, y: rect.bottom, width: rect.width, height: 1))),
    ])
  }

  private static func row(_ repository: Repository, selected: Bool) -> JSONValue {
    .object([
      "name": .string(repository.name),
      "language": repository.language.map(JSONValue.string) ?? .null,
      "stars": .int(repository.stargazersCount),
      "fork": .bool(repository.fork),
      "selected": .bool(selected),
    ])
  }

  /// The text of the first row of `rect` on `grid`, trailing spaces removed.
  private static func text(_ grid: Grid, _ rect: Rect) -> String {
    guard rect.y >= 0, rect.y < grid.height else { return "" }
    var line = ""
    for x in max(0, rect.x)..<min(grid.width, rect.x + rect.width) { line += grid[x, rect.y].text }
    while line.hasSuffix(" ") { line.removeLast() }
    return line
  }
}
