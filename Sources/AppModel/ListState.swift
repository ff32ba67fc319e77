/// What the lists show beyond their data: the selected row of each pane and the repository
/// whose details are open.
public struct ListState: Sendable, Equatable {
  /// The selected row of each pane, an index into its visible (filtered, sorted) list.
  public var selected: [PaneID: Int] = [.fetch: 0, .result: 0]
  /// The open detail view, with its loader.
  public var detail: OpenDetail?

  /// Nothing selected beyond the first rows, no detail open.
  public init() {}

  /// These rows selected, no detail open.
  init(selected: [PaneID: Int]) {
    self.selected = selected
  }
}
