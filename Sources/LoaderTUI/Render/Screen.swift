import ApexyLoader
import Foundation

/// Renders the whole screen for a state: pure, from state to cells.
enum Screen {
  /// The grid for `state` at `state.size`.
  static func render(_ state: AppState) -> Grid {
    var grid = Grid(width: state.size.columns, height: state.size.rows)
    if Layout.isTooSmall(state.size) {
      tooSmall(state.size, into: &grid)
      return grid
    }
    let frame = Layout.frame(state.size, focused: state.focus.pane)
    if let tabBar = frame.tabBar { tabs(state, in: tabBar, into: &grid) }
    for pane in frame.panes {
      PaneView.draw(state, pane.id, in: pane.rect, into: &grid)
    }
    StatusBar.draw(state, in: frame.statusBar, into: &grid)
    if state.showHelp {
      Help.draw(in: Rect(x: 0, y: 0, width: grid.width, height: grid.height - 1), into: &grid)
    }
    return grid
  }

  private static func tooSmall(_ size: Size, into grid: inout Grid) {
    let lines = [
      "Terminal too small",
      "\(size.columns)×\(size.rows), need \(Layout.minimum.columns)×\(Layout.minimum.rows)",
      "q quits",
    ]
    for (row, line) in lines.prefix(size.rows).enumerated() {
      grid.put(TextWidth.truncate(line, to: size.columns), x: 0, y: row, style: .error)
    }
  }

  private static func tabs(_ state: AppState, in rect: Rect, into grid: inout Grid) {
    var x = rect.x
    for pane in [PaneID.fetch, .result] {
      let active = state.focus.pane == pane
      let title = PaneView.title(pane)
      x += grid.put(
        active ? "[\(title)]" : " \(title) ", x: x, y: rect.y,
        style: active ? .tabActive : .tabInactive)
      x += grid.put(" ", x: x, y: rect.y, style: .plain)
    }
    grid.put("Tab switches", x: x + 1, y: rect.y, limit: rect.right - x, style: .dim)
  }
}

/// The bottom row: data source, each loader's state and age, key hints or a notice.
enum StatusBar {
  /// Draws the status bar.
  static func draw(_ state: AppState, in rect: Rect, into grid: inout Grid) {
    grid.fill(rect, style: .statusBar)
    let loaders =
      "org \(summary(state.organization, state.organizationSucceededAt, state))"
      + " │ repos \(summary(state.repositories, state.repositoriesSucceededAt, state)) "
    let outage = state.canToggleOutage ? "x outage  " : ""
    let hints =
      state.notice.map { [$0 + " "] }
      ?? [
        "f fetch  r reload  / filter  \(outage)? keys  q quit ",
        "f r / \(outage.isEmpty ? "" : "x ")? q ", "? keys ",
      ]
    // The longest left side that still leaves room for some key hint, else the shortest.
    let bare =
      "org \(summary(state.organization, nil, state)) │ repos \(summary(state.repositories, nil, state)) "
    let lefts = [" \(state.source) │ " + loaders, " " + loaders, " " + bare]
    let shortestHint = hints.map { TextWidth.of($0) }.min() ?? 0
    let left =
      lefts.first { TextWidth.of($0) + shortestHint <= rect.width } ?? lefts[lefts.count - 1]
    let used = grid.put(
      TextWidth.truncate(left, to: rect.width), x: rect.x, y: rect.y, style: .statusBar)
    let room = rect.width - used
    if let right = hints.first(where: { TextWidth.of($0) <= room }) {
      grid.put(right, x: rect.right + 1 - TextWidth.of(right), y: rect.y, style: .statusBar)
    }
  }

  /// "–", "loading", "✓ 3s ago" or "✗ (ok 2m ago)". The status bar does not animate: the
  /// panes' spinners already do, and each animated cell costs bytes on every frame.
  static func summary<T>(_ loader: LoadingState<T>, _ succeeded: Date?, _ state: AppState)
    -> String
  {
    let age = succeeded.map { Age.text(since: $0, now: state.now) }
    switch loader {
    case .initial: return "–"
    case .loading: return "loading" + (age.map { " (ok \($0))" } ?? "")
    case .success: return "✓" + (age.map { " " + $0 } ?? "")
    case .failure: return "✗" + (age.map { " (ok \($0))" } ?? "")
    }
  }
}

/// The key help overlay.
enum Help {
  /// Every key and what it does.
  static let keys: [(String, String)] = [
    ("f, Enter", "fetch organization and repositories"),
    ("r", "reload the repositories only"),
    ("Tab, →, l", "focus the next element"),
    ("Shift-Tab, ←, h", "focus the previous element"),
    ("↑ ↓ j k", "scroll the focused list"),
    ("PgUp PgDn Home End", "scroll a page, to top or bottom"),
    ("/", "filter; Enter keeps, Esc clears"),
    ("x", "simulated outage (built-in server)"),
    ("?", "show or hide this help"),
    ("q, Esc, Ctrl-C", "quit"),
  ]

  /// Draws the help box centred in `area`.
  static func draw(in area: Rect, into grid: inout Grid) {
    let keyWidth = keys.map { TextWidth.of($0.0) }.max()!
    let textWidth = keys.map { TextWidth.of($0.1) }.max()!
    let width = min(area.width, keyWidth + textWidth + 6)
    let height = min(area.height, keys.count + 4)
    let box = Rect(
      x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width,
      height: height)
    grid.fill(box)
    Border.draw(box, title: "Keys", style: .focusBorder, into: &grid)
    let inner = box.inner
    for (row, key) in keys.prefix(max(0, inner.height - 1)).enumerated() {
      let line = " " + TextWidth.pad(key.0, to: keyWidth) + "  " + key.1
      grid.put(
        TextWidth.truncate(line, to: inner.width), x: inner.x, y: inner.y + row, style: .plain)
    }
    if inner.height > keys.count {
      grid.put(" any key closes", x: inner.x, y: inner.bottom, limit: inner.width, style: .dim)
    }
  }
}
