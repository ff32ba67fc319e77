import AppModel
import GitHubAPI

extension InspectorTimeline {
  /// "…0.0 ✓3.0 …12.1 ✓15.2": the newest marks of `subject` (of `login`'s loaders; by default
  /// those noted last) that fit in `width` columns, each its case's symbol and its seconds
  /// since the first mark; "~" in front when older ones were left out.
  public func strip(_ subject: TransitionSubject, width: Int, of login: GitHubLogin? = nil)
    -> String
  {
    guard let start else { return "" }
    var text = ""
    let marks = login.map { self.marks(of: $0) } ?? self.marks
    for mark in (marks[subject] ?? []).reversed() {
      let seconds = String(format: "%.1f", mark.at.timeIntervalSince(start))
      let item = Self.symbol(mark.stateCase) + seconds
      let next = text.isEmpty ? item : item + " " + text
      if TextWidth.of(next) > width - 2 { return "… " + text }
      text = next
    }
    return text
  }

  /// The mark of a case: "·" initial, "…" loading, "✓" success, "✗" failure.
  public static func symbol(_ stateCase: StateCase) -> String {
    switch stateCase {
    case .initial: "·"
    case .loading: "…"
    case .success: "✓"
    case .failure: "✗"
    }
  }
}
