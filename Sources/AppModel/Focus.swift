/// Which element has keyboard focus.
public enum Focus: Int, Sendable, CaseIterable {
  case fetchButton, fetchList, resultList

  /// The pane the focused element belongs to.
  public var pane: PaneID { self == .resultList ? .result : .fetch }
}

/// The two panes.
public enum PaneID: Sendable, Hashable {
  case fetch, result
}
