import AppModel

/// What the terminal sent, decoded: a key, a bracketed paste or a mouse report.
public enum InputEvent: Sendable, Equatable {
  /// A key press.
  case key(Key)
  /// Text pasted with bracketed paste, as it came.
  case paste(String)
  /// A mouse report.
  case mouse(MouseEvent)
}
