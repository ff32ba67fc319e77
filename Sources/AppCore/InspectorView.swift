import ApexyLoader
import Foundation
import GitHubAPI

/// The inspector: one row per loader and one for the merged state (state and age, requests,
/// bytes, who observes it), then the request log, newest at the bottom.
public enum InspectorView {
  /// The loader table's column heads.
  static let head =
    "loader        state           sent live fail  304 retry     bytes  observed by"

  /// The loader table: the column heads, then organization, repositories, merged, and the
  /// open detail view's loader.
  public static func table(_ state: AppState) -> [String] {
    func row<T>(
      _ name: String, _ loader: LoadingState<T>, _ succeeded: Date?,
      _ counts: InspectorState.Counts?, observers: String
    ) -> String {
      let summary = StatusBar.summary(loader, succeeded, state)
      let numbers =
        counts.map {
          pad(String($0.sent), 4) + " " + pad(String($0.inFlight), 4) + " "
            + pad(String($0.failed), 4) + " " + pad(String($0.notModified), 4) + " "
            + pad(String($0.retried), 5) + " " + pad(bytes($0.bytes), 9)
        } ?? String(repeating: " ", count: 35)
      return TextWidth.pad(name, to: 13) + " " + TextWidth.pad(summary, to: 15) + " " + numbers
        + "  " + observers
    }
    func names(_ kind: LoaderKind) -> String {
      let list = state.inspector.observers[kind] ?? []
      return list.isEmpty ? "–" : list.joined(separator: ", ")
    }
    func counts(_ kind: LoaderKind) -> InspectorState.Counts {
      state.inspector.counts[kind] ?? InspectorState.Counts()
    }
    var rows = [
      head,
      row(
        "organization", state.organization, state.organizationSucceededAt,
        counts(.organization), observers: names(.organization)),
      row(
        "repositories", state.repositories, state.repositoriesSucceededAt,
        counts(.repositories), observers: names(.repositories)),
      row("merged", state.merged, nil, nil, observers: "Fetch pane (both loaders merged)"),
    ]
    if let load = state.lists.detailLoad {
      let name = state.lists.detail.map { $0.fullName ?? $0.name } ?? "?"
      rows.append(
        row(
          "repository", load.state, load.succeededAt,
          state.inspector.detailCounts[load.key] ?? InspectorState.Counts(),
          observers: names(.repository) + " (" + name + ")"))
    }
    return rows
  }

  /// One request log line: "#3 GET /orgs/x/repos?page=1  200  312 ms  38.1 kB", with
  /// "↻2" after the path for a retry's second attempt and "= not modified" after a 304.
  public static func line(_ record: RequestRecord) -> String {
    let retry = record.attempt.map { " ↻\($0)" } ?? ""
    let start = "#\(record.id) \(record.method) \(record.path)" + retry
    let status = record.status.map(String.init) ?? "…"
    let time = record.duration.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "…"
    switch record.phase {
    case .sent:
      return start + "  in flight"
    case .finished:
      let kept = record.status == 304 ? "  = not modified" : ""
      return start + "  \(status)  \(time)  \(bytes(record.bytes))" + kept
    case .failed(let reason):
      return start + "  \(status)  \(time)  ✗ \(reason)"
    }
  }

  /// "0 B", "980 B", "38.1 kB", "1.2 MB".
  public static func bytes(_ count: Int64) -> String {
    if count < 1000 { return "\(count) B" }
    if count < 1_000_000 { return String(format: "%.1f kB", Double(count) / 1000) }
    return String(format: "%.1f MB", Double(count) / 1_000_000)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// Scrolls the request log one step toward older (`[`, wheel up) or newer lines, opening
  /// the inspector when it is closed.
  static func scroll(_ state: inout AppState, older: Bool) {
    state.inspector.isOpen = true
    let maximum = max(0, state.inspector.requests.count - 1)
    let step = older ? 3 : -3
    state.inspector.scrollBack = min(maximum, max(0, state.inspector.scrollBack + step))
  }

  /// When the inspector is the only view (a narrow terminal), the list keys scroll its log:
  /// ↑ `k` PgUp `g` Home toward older lines, ↓ `j` PgDn `G` End toward the newest. Returns
  /// whether it took the key.
  static func navigate(_ state: inout AppState, _ key: Key) -> Bool {
    guard state.inspector.isOpen,
      Layout.frame(state.size, focused: state.focus.pane, inspector: true).panes.isEmpty
    else { return false }
    let last = max(0, state.inspector.requests.count - 1)
    let back = state.inspector.scrollBack
    switch key {
    case .up, .character("k"): state.inspector.scrollBack = min(last, back + 1)
    case .down, .character("j"): state.inspector.scrollBack = max(0, back - 1)
    case .pageUp: state.inspector.scrollBack = min(last, back + 5)
    case .pageDown: state.inspector.scrollBack = max(0, back - 5)
    case .home, .character("g"): state.inspector.scrollBack = last
    case .end, .character("G"): state.inspector.scrollBack = 0
    default: return false
    }
    return true
  }

  /// Draws the inspector in `rect`: border, loader table, log heading and the log.
  public static func draw(_ state: AppState, in rect: Rect, into grid: inout Grid) {
    grid.fill(rect)
    Border.draw(rect, title: "Inspector", style: .border, into: &grid)
    let inner = rect.content
    guard inner.width > 0, inner.height > 0 else { return }
    var y = inner.y
    func put(_ text: String, _ style: Style) {
      guard y <= inner.bottom else { return }
      grid.put(TextWidth.truncate(text, to: inner.width), x: inner.x, y: y, style: style)
      y += 1
    }
    for (index, text) in table(state).enumerated() { put(text, index == 0 ? .dim : .plain) }
    // The timeline when the log keeps at least two lines beside it.
    let subjects =
      [TransitionSubject.organization, .repositories, .merged]
      + (state.lists.detailLoad == nil ? [] : [.repository])
    if inner.bottom - y >= 4 + subjects.count {
      put("Transitions (… loading, ✓ success, ✗ failure; seconds from the first):", .heading)
      let timeline = state.inspector.timeline
      for subject in subjects {
        let room = inner.width - 14
        put(
          TextWidth.pad(subject.rawValue, to: 13) + " " + timeline.strip(subject, width: room),
          .plain)
      }
    }
    let requests = state.inspector.requests
    let rows = max(0, inner.bottom - y)
    let end = max(0, requests.count - state.inspector.scrollBack)
    let shown = requests[max(0, end - rows)..<end]
    let range =
      shown.isEmpty ? "" : " \(shown.startIndex + 1)–\(shown.endIndex) of \(requests.count)"
    put("Requests\(range)" + (requests.isEmpty ? ": none yet" : ", [ ] scroll:"), .heading)
    for record in shown {
      let failed: Bool
      if case .failed = record.phase { failed = true } else { failed = false }
      put(line(record), failed ? .error : .plain)
    }
  }
}
