import Foundation

/// Where the panes, the tab bar and the status bar go for a terminal size.
enum Layout {
  /// Below this size the app shows a "terminal too small" notice instead.
  static let minimum = Size(columns: 24, rows: 7)
  /// From this width up, the panes stand side by side.
  static let wideFrom = 72

  /// The places of everything on screen.
  struct Frame: Equatable {
    /// The visible panes and their rectangles (one in narrow terminals).
    var panes: [(id: PaneID, rect: Rect)]
    /// The tab bar, in narrow terminals.
    var tabBar: Rect?
    /// The status bar: the last row.
    var statusBar: Rect

    static func == (lhs: Frame, rhs: Frame) -> Bool {
      lhs.panes.map(\.id) == rhs.panes.map(\.id) && lhs.panes.map(\.rect) == rhs.panes.map(\.rect)
        && lhs.tabBar == rhs.tabBar && lhs.statusBar == rhs.statusBar
    }
  }

  /// Whether the terminal is too small to lay out.
  static func isTooSmall(_ size: Size) -> Bool {
    size.columns < minimum.columns || size.rows < minimum.rows
  }

  /// The frame for a size and the focused pane (shown alone in narrow terminals).
  static func frame(_ size: Size, focused: PaneID) -> Frame {
    let status = Rect(x: 0, y: size.rows - 1, width: size.columns, height: 1)
    let body = size.rows - 1
    if size.columns >= wideFrom {
      let left = size.columns / 2
      return Frame(
        panes: [
          (.fetch, Rect(x: 0, y: 0, width: left, height: body)),
          (.result, Rect(x: left, y: 0, width: size.columns - left, height: body)),
        ],
        tabBar: nil, statusBar: status)
    }
    return Frame(
      panes: [(focused, Rect(x: 0, y: 1, width: size.columns, height: body - 1))],
      tabBar: Rect(x: 0, y: 0, width: size.columns, height: 1), statusBar: status)
  }

  /// The rectangle a pane has, whether or not it is visible now.
  static func rect(_ size: Size, _ pane: PaneID) -> Rect {
    let frame = frame(size, focused: pane)
    return frame.panes.first { $0.id == pane }!.rect
  }

  /// How many list rows a pane shows in the current state.
  static func listHeight(_ state: AppState, _ pane: PaneID) -> Int {
    guard !isTooSmall(state.size) else { return 1 }
    let inner = rect(state.size, pane).content
    return max(1, inner.height - PaneView.header(state, pane, width: inner.width).count)
  }
}

/// The braille spinner, about ten frames a second.
enum Spinner {
  /// The frames, in order.
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// Seconds between frames.
  static let interval = 0.1

  /// The frame for a counter.
  static func frame(_ counter: Int) -> String {
    frames[((counter % frames.count) + frames.count) % frames.count]
  }
}

/// "just now", "20s ago", "3m ago", "2h ago": coarse on purpose, so an idle app redraws the
/// status bar at most every ten seconds.
enum Age {
  /// How long ago `date` was, coarsely.
  static func text(since date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date))
    switch seconds {
    case ..<10: return "just now"
    case ..<60: return "\(seconds / 10 * 10)s ago"
    case ..<3600: return "\(seconds / 60)m ago"
    default: return "\(seconds / 3600)h ago"
    }
  }

  /// Seconds until `text(since:now:)` would read differently.
  static func nextChange(since date: Date, now: Date) -> TimeInterval {
    let elapsed = max(0, now.timeIntervalSince(date))
    let step: Double = elapsed < 60 ? 10 : elapsed < 3600 ? 60 : 3600
    return step - elapsed.truncatingRemainder(dividingBy: step)
  }
}
