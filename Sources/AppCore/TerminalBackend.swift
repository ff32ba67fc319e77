import Foundation

/// What the event loop draws on: the real terminal, or a fake one in tests.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The terminal size now.
  var size: Size { get }
  /// Writes the changed cells; a diff that clears the screen repaints everything.
  func draw(_ diff: GridDiff)
  /// Gives the terminal back to the shell and stops the process (Ctrl-Z); returns when the
  /// shell continues it (`fg`), with the terminal taken back and its size read again.
  func suspend()
  /// Gives the terminal back to the shell, exactly as it was.
  func close()
  /// Puts `text` on the terminal's clipboard (OSC 52), where the terminal allows it.
  func copy(_ text: String)
}

extension TerminalBackend {
  /// A terminal without a clipboard ignores the copy.
  public func copy(_ text: String) {}
}
