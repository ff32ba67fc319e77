import Foundation

/// A key press, decoded from the terminal.
public enum Key: Sendable, Equatable {
  /// A printable character.
  case character(Character)
  /// Enter or Return.
  case enter
  /// Esc on its own.
  case escape
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace.
  case backspace
  /// The arrow up.
  case up
  /// The arrow down.
  case down
  /// The arrow left.
  case left
  /// The arrow right.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Ctrl-C.
  case interrupt
}
