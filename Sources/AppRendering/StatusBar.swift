import ApexyLoader
import AppModel
import Foundation

/// The bottom row: data source, each loader's state and age, key hints or a notice.
public enum StatusBar {
  /// It reads both loaders' states, ages, retries and rate limits.
  public static let loaderView = LoaderView(
    name: "status bar", reads: [.owner, .repositories])

  /// Draws the status bar, or the owner prompt over it while it is open.
  public static func draw(_ state: AppState, in rect: Rect, into grid: inout Grid) {
    grid.fill(rect, style: .statusBar)
    if let prompt = state.ownerPrompt {
      let recent = state.owners.completions(of: "", shown: state.ownerLogin).map(\.spelling)
      OwnerPromptBar.draw(prompt, recent: recent, in: rect, into: &grid)
      return
    }
    if state.isEditingFilter, !PaneHeader.filterInView(state) {
      // No pane has room for the filter line: the filter being typed shows here.
      let count = state.visibleRepositories(state.focus.pane).count
      let line = PaneHeader.filterLine(state, count: count, width: rect.width - 1)
      grid.put(" " + line, x: rect.x, y: rect.y, limit: rect.width, style: .statusBar)
      return
    }
    let lefts = leftSides(state)
    if let notice = state.notice, TextWidth.of(lefts[lefts.count - 1] + notice) >= rect.width {
      drawCut(notice, beside: lefts[lefts.count - 1], in: rect, into: &grid)
      return
    }
    let cache = state.cache
    let hints =
      state.notice.map { [$0 + " "] } ?? cache.problemHints
      ?? keyHints(builtInServer: state.canToggleOutage, keys: state.keys, outage: state.outage)
    // The keys before the data source: the widest hint but the last that fits beside the
    // loaders, with the source or without it; else the longest left that leaves room for the
    // last, narrowest hint, else the shortest left.
    let fits = { (left: String, hint: String) in
      TextWidth.of(left) + TextWidth.of(hint) <= rect.width
    }
    let keysFirst = hints.dropLast().lazy.compactMap { hint in
      lefts.prefix(2).first { fits($0, hint) }
    }.first
    let narrowest = hints.last ?? ""
    let left =
      keysFirst ?? lefts.first { fits($0, narrowest) } ?? lefts[lefts.count - 1]
    let used = grid.put(
      TextWidth.truncate(left, to: rect.width), x: rect.x, y: rect.y, style: .statusBar)
    if state.outage { markOutage(in: rect, into: &grid) }
    let room = rect.width - used
    if let right = hints.first(where: { TextWidth.of($0) <= room }) {
      grid.put(right, x: rect.right + 1 - TextWidth.of(right), y: rect.y, style: .statusBar)
    }
  }

  /// A notice too wide for the room beside the loaders' narrowest states: cut to that room
  /// when it leaves a readable part of the notice, else over the whole bar. The notice says what
  /// the key just pressed did, so it is never left out.
  private static func drawCut(
    _ notice: String, beside left: String, in rect: Rect, into grid: inout Grid
  ) {
    let room = rect.width - TextWidth.of(left) - 1
    if room >= minimumNoticeWidth {
      grid.put(left, x: rect.x, y: rect.y, style: .statusBar)
      if left.hasPrefix(" " + outageMarker) { markOutage(in: rect, into: &grid) }
      let cut = TextWidth.truncate(notice, to: room)
      grid.put(cut, x: rect.right - TextWidth.of(cut), y: rect.y, style: .statusBar)
    } else {
      grid.put(
        " " + TextWidth.truncate(notice, to: rect.width - 2), x: rect.x, y: rect.y,
        style: .statusBar)
    }
  }

  /// The fewest columns a notice is cut to beside the loaders' states.
  static let minimumNoticeWidth = 24

  /// What starts every left side while the built-in server's simulated outage is on (`x`):
  /// the failures that follow are the outage's, for as long as it lasts.
  static let outageMarker = "outage on"

  /// Draws the outage marker at the start of the bar in the error style.
  private static func markOutage(in rect: Rect, into grid: inout Grid) {
    grid.put(outageMarker, x: rect.x + 1, y: rect.y, limit: rect.width - 1, style: .error)
  }

  /// The status bar's left side, from widest to narrowest: with the data source, without it,
  /// without ages, without the rate limit (unless nearly spent), with the owner's kind in
  /// place of its name, with pages counted short; each after the outage marker while the
  /// outage is on.
  private static func leftSides(_ state: AppState) -> [String] {
    let org = state.owner.status
    let repos = state.repositories.status
    let cache = state.cache
    let limit = rateLimitText(state).map { " │ \($0) left " } ?? " "
    let organization =
      retrying(state.owner.state, org, state)
      ?? CacheStatus.summary(
        state.owner.state, restoredAt: cache.ownerRestoredAt, now: state.now)
      ?? summary(state.owner.state, state.owner.succeededAt, state, org)
    // Pages arriving say how far they are, over restored content too.
    let restored = state.pagesLoading == nil ? cache.repositoriesRestoredAt : nil
    let repositories =
      retrying(state.repositories.state, repos, state)
      ?? CacheStatus.summary(state.repositories.state, restoredAt: restored, now: state.now)
      ?? summary(state.repositories.state, state.repositories.succeededAt, state, repos)
    let owner = ownerLabel(state)
    let loaders = "\(owner) \(organization) │ repos \(repositories)" + limit
    // The longest left side that still leaves room for some key hint, else the shortest:
    // without the source, without ages, then without the owner's name.
    // A rate limit nearly spent stays in every form: no owner switch or narrow terminal
    // hides it.
    let lowLimit = isNearlySpent(state.rateLimit) ? limit : " "
    let bareOwner =
      retrying(state.owner.state, org, state)
      ?? CacheStatus.shortSummary(state.owner.state, restoredAt: cache.ownerRestoredAt)
      ?? summary(state.owner.state, nil, state, org)
    let bare = { (owner: String, limit: String, short: Bool) in
      let repositories =
        retrying(state.repositories.state, repos, state)
        ?? CacheStatus.shortSummary(state.repositories.state, restoredAt: restored)
        ?? summary(state.repositories.state, nil, state, repos, short: short)
      return "\(owner) \(bareOwner) │ repos \(repositories)" + limit
    }
    let start = state.outage ? " \(outageMarker) │ " : " "
    return [
      "\(state.source) │ " + loaders, loaders, bare(owner, limit, false),
      bare(owner, lowLimit, false), bare(kindLabel(state), lowLimit, false),
      bare(kindLabel(state), lowLimit, true),
    ].map { start + $0 }
  }

  /// The key hints from widest to narrowest, each with a trailing space: every hinted key
  /// with its word ("f fetch  r reload …"), the keys alone ("f r @ / x ? q"), then without the
  /// minor ones, the last first ("f r @ / ? q", "f r @ ? q"), the key help alone ("? keys").
  /// Keys for the built-in server only are left out when it is not the source; the key that
  /// ends the outage is no minor one while it is on; each key as `keys` binds it.
  public static func keyHints(builtInServer: Bool, keys: KeyMap = .standard, outage: Bool = false)
    -> [String]
  {
    let shown = keys.rows.filter { $0.hint != nil && (builtInServer || !$0.builtInServerOnly) }
    func hint(_ binding: KeyBinding) -> String {
      KeyBinding.name(binding.keys[0]) + " " + (binding.hint ?? "")
    }
    func alone(_ rows: [KeyBinding]) -> String {
      rows.map { KeyBinding.name($0.keys[0]) }.joined(separator: " ") + " "
    }
    var fewer: [String] = []
    var rows = shown
    let isMinor = { (row: KeyBinding) in
      row.hintIsMinor && !(outage && row.presses.contains { $0.action == .toggleOutage })
    }
    while let minor = rows.lastIndex(where: isMinor) {
      rows.remove(at: minor)
      fewer.append(alone(rows))
    }
    return [shown.map(hint).joined(separator: "  ") + " ", alone(shown)] + fewer + [
      hint(keys.showKeys) + " "
    ]
  }

  /// "–", "loading", "1,200 so far · page 12/50" (`short`: "page 12/50"), "retrying in 4s
  /// (2/3)", "✓ 3s ago", "✓ not modified 3s ago", "✓ stale 12m" or "✗ (ok 2m ago)". The status
  /// bar does not animate: the panes' spinners already do, and each animated cell costs bytes
  /// on every frame; a page read is a change of its own, one a page.
  public static func summary<T>(
    _ loader: LoadingState<T>, _ succeeded: Date?, _ state: AppState,
    _ status: LoaderStatus = LoaderStatus(), short: Bool = false
  ) -> String {
    let age = succeeded.map { AgeLabel.text(since: $0, now: state.now) }
    switch loader {
    case .initial: return "–"
    case .loading:
      if let retry = status.retry { return retry.text(at: state.now) }
      if let pages = status.pagesSoFar(isLoading: true) {
        return short ? PageNotes.page(pages) : PageNotes.soFar(pages)
      }
      return "loading" + (age.map { " (ok \($0))" } ?? "")
    case .success:
      let confirmed = status.freshness.wasNotModified ? " not modified" : ""
      if let stale = status.staleAge(at: state.now) {
        let label = AgeLabel.text(age: stale)
        return "✓\(confirmed) stale " + label.replacingOccurrences(of: " ago", with: "")
      }
      return "✓\(confirmed)" + (age.map { " " + $0 } ?? "")
    case .failure: return "✗" + (age.map { " (ok \($0))" } ?? "")
    }
  }

  /// "retrying in 4s (2/3)" while a load waits to try again: over content from the cache too,
  /// which the countdown says more about than "loading (cached)" would.
  private static func retrying<T>(
    _ loader: LoadingState<T>, _ status: LoaderStatus, _ state: AppState
  ) -> String? {
    guard case .loading = loader else { return nil }
    return status.retry?.text(at: state.now)
  }

  /// The owner shown and its kind: "RedMadRobot (org)", "alice (user)", or the login alone
  /// until the first answer says which.
  public static func ownerLabel(_ state: AppState) -> String {
    let login = TextWidth.truncate(state.ownerLogin.spelling, to: 24)
    switch state.ownerKind {
    case .organization?: return "\(login) (org)"
    case .user?: return "\(login) (user)"
    case nil: return login
    }
  }

  /// The owner where its login does not fit: its kind ("org", "user"), "owner" until known.
  static func kindLabel(_ state: AppState) -> String {
    switch state.ownerKind {
    case .organization?: "org"
    case .user?: "user"
    case nil: "owner"
    }
  }

  /// "4,987/5,000": the requests left as the latest answer of any loader said: the limit is
  /// the host's, whichever owner is shown.
  public static func rateLimitText(_ state: AppState) -> String? {
    guard let limit = state.rateLimit else { return nil }
    return "\(grouped(limit.remaining))/\(grouped(limit.limit))"
  }

  /// Whether at most a tenth of the window's requests are left.
  static func isNearlySpent(_ limit: RateLimit?) -> Bool {
    guard let limit, limit.limit > 0 else { return false }
    return limit.remaining * 10 <= limit.limit
  }

  /// `4987` as "4,987".
  static func grouped(_ number: Int) -> String {
    PageNotes.grouped(number)
  }
}
