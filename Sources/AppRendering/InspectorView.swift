import ApexyLoader
import AppFormats
import AppModel
import Foundation
import GitHubAPI

/// The inspector: one row per loader and one for the merged state (state and age, requests,
/// bytes, who observes it), then the request log, newest at the bottom.
public enum InspectorView {
  /// It reads every loader.
  public static let loaderView = LoaderView(
    name: "inspector", reads: Set(LoaderKind.allCases))

  /// The loader table's column heads.
  static let head =
    "loader        state           sent live fail  304 retry     bytes  observed by"

  /// The loader table: the column heads, then owner, repositories, merged, and the
  /// open detail view's loader.
  public static func table(_ state: AppState) -> [String] {
    func row<T>(
      _ name: String, _ loader: LoadingState<T>, _ succeeded: Date?,
      _ counts: InspectorState.Counts?, observers: String, restoredAt: Date? = nil
    ) -> String {
      // Content restored from the cache says how old it is, as the status bar does, not
      // "just now"; a load over it says what the load does.
      let cached =
        loader.isLoading ? nil : CacheStatus.summary(loader, restoredAt: restoredAt, now: state.now)
      let summary = cached ?? StatusBar.summary(loader, succeeded, state)
      let numbers =
        counts.map {
          pad(String($0.sent), 4) + " " + pad(String($0.inFlight), 4) + " "
            + pad(String($0.failed), 4) + " " + pad(String($0.notModified), 4) + " "
            + pad(String($0.retried), 5) + " " + pad(RequestLine.bytes($0.bytes), 9)
        } ?? String(repeating: " ", count: 35)
      return TextWidth.pad(name, to: 13) + " " + TextWidth.pad(summary, to: 15) + " " + numbers
        + "  " + observers
    }
    var rows = [
      head,
      row(
        "owner", state.owner.state, state.owner.succeededAt,
        counts(.owner(state.ownerLogin), state), observers: observers(.owner, state),
        restoredAt: state.cache.ownerRestoredAt),
      row(
        "repositories", state.repositories.state, state.repositories.succeededAt,
        counts(.repositories(state.ownerLogin), state), observers: observers(.repositories, state),
        restoredAt: state.cache.repositoriesRestoredAt),
      row("merged", state.merged, nil, nil, observers: "Fetch pane (both loaders merged)"),
    ]
    if let detail = state.lists.detail {
      let name = detail.repository.fullName ?? detail.repository.name
      rows.append(
        row(
          "repository", detail.loader.state, detail.loader.succeededAt,
          counts(.repository(detail.key), state),
          observers: observers(.repository, state) + ": " + name))
    }
    return rows
  }

  /// The views that read a kind of loader, then in brackets who observes it as the loader
  /// lists it: "Fetch pane, Result pane, status bar, inspector (app loop)".
  static func observers(_ kind: LoaderKind, _ state: AppState) -> String {
    let listed = state.inspector.observers[kind] ?? []
    guard !listed.isEmpty else { return "–" }
    return LoaderView.views(reading: kind).joined(separator: ", ") + " ("
      + listed.joined(separator: ", ") + ")"
  }

  /// The loaders kept by key: every owner kept (the one shown marked `*`), the detail loaders,
  /// and what each store let go of.
  public static func kept(_ state: AppState) -> [String] {
    let kept = state.kept
    let shown = state.ownerLogin
    let owners = kept.owners.reversed().map { $0 == shown ? "*" + $0.spelling : $0.spelling }
    func dropped(_ keys: [String]) -> String {
      keys.isEmpty ? "" : "; dropped: " + keys.reversed().joined(separator: " ")
    }
    let sanitizer = TextSanitizer()
    let details = kept.details.map(sanitizer.clean)
    return [
      "owners kept  \(owners.count): " + owners.joined(separator: " ")
        + dropped(kept.droppedOwners.map(\.spelling)),
      "details kept \(details.count): " + (details.isEmpty ? "–" : details.joined(separator: " "))
        + dropped(kept.droppedDetails.map(sanitizer.clean)),
    ]
  }

  private static func counts(_ id: LoaderID, _ state: AppState) -> InspectorState.Counts {
    state.inspector.counts[id] ?? InspectorState.Counts()
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// Draws the inspector in `rect`: border, loader table, log heading and the log.
  public static func draw(_ state: AppState, in rect: Rect, into grid: inout Grid) {
    grid.fill(rect)
    Border.draw(rect, title: "Inspector", style: .inspector, into: &grid)
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
      [TransitionSubject.owner, .repositories, .merged]
      + (state.lists.detail == nil ? [] : [.repository])
    if inner.bottom - y >= 4 + subjects.count {
      put(
        "Transitions (· initial, … loading, ✓ success, ✗ failure; seconds from the first):",
        .heading)
      let timeline = state.inspector.timeline
      for subject in subjects {
        let room = inner.width - 14
        put(
          TextWidth.pad(subject == .owner ? "owner" : subject.rawValue, to: 13) + " "
            + timeline.strip(subject, width: room, of: state.ownerLogin),
          .plain)
      }
    }
    // The loaders kept by key when the log keeps at least four lines beside them.
    let keptLines = kept(state)
    if inner.bottom - y >= 4 + keptLines.count { keptLines.forEach { put($0, .plain) } }
    let requests = state.inspector.requests
    let rows = max(0, inner.bottom - y)
    // Scrolled back past the oldest, the view stays full: the oldest lines fill it.
    let end = max(min(requests.count, rows), requests.count - state.inspector.scrollBack)
    let shown = requests[max(0, end - rows)..<end]
    let range =
      shown.isEmpty ? "" : " \(shown.startIndex + 1)–\(shown.endIndex) of \(requests.count)"
    put("Requests\(range)" + (requests.isEmpty ? ": none yet" : ", [ ] scroll:"), .heading)
    for record in shown {
      let failed: Bool
      if case .failed = record.phase { failed = true } else { failed = false }
      put(RequestLine.text(record), failed ? .error : .plain)
    }
  }
}
