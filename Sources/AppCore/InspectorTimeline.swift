import ApexyLoader
import Foundation

/// Each state's transitions as marks in time, for the inspector: a user sees one repositories
/// load serve both panes and the merge wait for the slower loader.
public struct InspectorTimeline: Sendable, Equatable {
  /// The most marks kept per state.
  public static let limit = 24

  /// One transition: when, and into which case.
  public struct Mark: Sendable, Equatable {
    /// When the state changed.
    public var at: Date
    /// The case it changed to.
    public var stateCase: StateCase
  }

  /// When the first mark was made; marks are shown in seconds since then.
  public private(set) var start: Date?
  /// The marks of each state, oldest first.
  public private(set) var marks: [TransitionSubject: [Mark]] = [:]

  /// No marks yet.
  public init() {}

  /// Notes the case each state is in at `date`; a state still in its last case adds nothing.
  public mutating func note<A, B, C>(
    organization: LoadingState<A>, repositories: LoadingState<B>, merged: LoadingState<C>,
    at date: Date
  ) {
    note(.organization, StateCase(organization), at: date)
    note(.repositories, StateCase(repositories), at: date)
    note(.merged, StateCase(merged), at: date)
  }

  /// Notes the case the open detail loader is in at `date`; `restart` forgets the marks of
  /// the detail loader opened before.
  public mutating func noteDetail<T>(_ state: LoadingState<T>, at date: Date, restart: Bool) {
    if restart { marks[.repository] = nil }
    note(.repository, StateCase(state), at: date)
  }

  private mutating func note(_ subject: TransitionSubject, _ stateCase: StateCase, at date: Date) {
    var list = marks[subject] ?? []
    guard list.last?.stateCase != stateCase else { return }
    if start == nil { start = date }
    list.append(Mark(at: date, stateCase: stateCase))
    if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
    marks[subject] = list
  }

  /// "…0.0 ✓3.0 …12.1 ✓15.2": the newest marks of `subject` that fit in `width` columns, each
  /// its case's symbol and its seconds since the first mark; "~" in front when older ones
  /// were left out.
  public func strip(_ subject: TransitionSubject, width: Int) -> String {
    guard let start else { return "" }
    var text = ""
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
