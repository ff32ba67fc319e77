/// Where the panes, the tab bar and the status bar go for a terminal size.
public enum Layout {
  /// Below this size the app shows a "terminal too small" notice instead.
  public static let minimum = Size(columns: 24, rows: 7)
  /// From this width up, the panes stand side by side.
  public static let wideFrom = 72

  /// The places of everything on screen.
  public struct Frame: Equatable {
    /// The visible panes and their rectangles (one in narrow terminals).
    public var panes: [(id: PaneID, rect: Rect)]
    /// The tab bar, in narrow terminals.
    public var tabBar: Rect?
    /// The status bar: the last row.
    public var statusBar: Rect
    /// The inspector, when it is open: under the panes, or the whole body in narrow terminals.
    public var inspector: Rect?

    /// Creates a value from its parts.
    public init(
      panes: [(id: PaneID, rect: Rect)], tabBar: Rect? = nil, statusBar: Rect,
      inspector: Rect? = nil
    ) {
      self.panes = panes
      self.tabBar = tabBar
      self.statusBar = statusBar
      self.inspector = inspector
    }

    /// Frames are equal when their panes, tab bar and status bar are.
    public static func == (lhs: Frame, rhs: Frame) -> Bool {
      lhs.panes.map(\.id) == rhs.panes.map(\.id) && lhs.panes.map(\.rect) == rhs.panes.map(\.rect)
        && lhs.tabBar == rhs.tabBar && lhs.statusBar == rhs.statusBar
        && lhs.inspector == rhs.inspector
    }
  }

  /// Whether the terminal is too small to lay out.
  public static func isTooSmall(_ size: Size) -> Bool {
    size.columns < minimum.columns || size.rows < minimum.rows
  }

  /// The frame for a size and the focused pane (shown alone in narrow terminals); an open
  /// inspector takes the lower part of the body, or in narrow terminals the whole of it.
  public static func frame(_ size: Size, focused: PaneID, inspector: Bool = false) -> Frame {
    let status = Rect(x: 0, y: size.rows - 1, width: size.columns, height: 1)
    var body = size.rows - 1
    if size.columns >= wideFrom {
      var lower: Rect?
      if inspector {
        let height = max(4, body / 2)
        lower = Rect(x: 0, y: body - height, width: size.columns, height: height)
        body -= height
      }
      let left = size.columns / 2
      return Frame(
        panes: [
          (.fetch, Rect(x: 0, y: 0, width: left, height: body)),
          (.result, Rect(x: left, y: 0, width: size.columns - left, height: body)),
        ],
        tabBar: nil, statusBar: status, inspector: lower)
    }
    if inspector {
      return Frame(
        panes: [], tabBar: Rect(x: 0, y: 0, width: size.columns, height: 1), statusBar: status,
        inspector: Rect(x: 0, y: 1, width: size.columns, height: body - 1))
    }
    return Frame(
      panes: [(focused, Rect(x: 0, y: 1, width: size.columns, height: body - 1))],
      tabBar: Rect(x: 0, y: 0, width: size.columns, height: 1), statusBar: status)
  }

  /// The rectangle a pane has, whether or not it is visible now (in narrow terminals, the
  /// one it has when the inspector is closed).
  public static func rect(_ size: Size, _ pane: PaneID, inspector: Bool = false) -> Rect {
    let open = frame(size, focused: pane, inspector: inspector)
    return (open.panes.first { $0.id == pane } ?? frame(size, focused: pane).panes[0]).rect
  }

  /// How many list rows a pane shows in the current state.
  public static func listHeight(_ state: AppState, _ pane: PaneID) -> Int {
    guard !isTooSmall(state.size) else { return 1 }
    let inner = rect(state.size, pane, inspector: state.inspector.isOpen).content
    return max(1, inner.height - PaneHeader.lines(state, pane, width: inner.width).count)
  }

  /// Where the `[ Fetch ]` button is drawn in the Fetch pane at `rect`.
  public static func fetchButton(in rect: Rect) -> Rect {
    let content = rect.content
    return Rect(x: content.x, y: content.y, width: min(9, content.width), height: 1)
  }
}
