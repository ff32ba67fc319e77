/// A key press, decoded from the terminal.
public enum Key: Sendable, Hashable {
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
  /// Delete (forward).
  case delete
  /// Insert.
  case insert
  /// A function key, F1 to F12.
  case function(Int)
  /// Alt (or Meta) with a character: ESC, then the character.
  case alt(Character)
  /// Ctrl-L: repaint the whole screen.
  case repaint
  /// Ctrl-Z: suspend to the shell.
  case suspend
  /// Ctrl-U: clear the line.
  case clearLine
  /// Ctrl-W: delete the word before the caret.
  case deleteWord
}
