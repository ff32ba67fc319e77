/// A mouse report (xterm's SGR encoding), in zero-based cells.
public struct MouseEvent: Sendable, Equatable {
  /// What the mouse did.
  public enum Action: Sendable, Equatable {
    /// The left button went down.
    case press
    /// The wheel turned up.
    case wheelUp
    /// The wheel turned down.
    case wheelDown
    /// Anything else: another button, a release, a drag.
    case other
  }

  /// What the mouse did.
  public var action: Action
  /// The column, from 0.
  public var x: Int
  /// The row, from 0.
  public var y: Int

  /// A report of `action` at (x, y).
  public init(action: Action, x: Int, y: Int) {
    self.action = action
    self.x = x
    self.y = y
  }
}
