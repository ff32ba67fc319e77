import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's settings from before the app touched it, and the restore that puts them back
/// from anywhere: a normal exit, a handled signal, or a crash (async-signal-safe calls only).
enum TerminalSafety {
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var hasSaved = false
  nonisolated(unsafe) private static var armed = false
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
  }()

  /// Leaves the alternate screen, shows the cursor, resets attributes and turns off the mouse
  /// and bracketed paste.
  private static let resetSequence: [UInt8] = Array(
    "\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l".utf8)

  /// Records the current terminal settings of standard input.
  static func save() {
    hasSaved = tcgetattr(STDIN_FILENO, &saved) == 0
  }

  /// Installs crash handlers that restore the terminal before the process dies.
  static func arm() {
    guard !armed else { return }
    armed = true
    for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        TerminalSafety.restoreFromSignal()
        // Hand the crash on to whoever handled it before (the runtime's backtracer, or the
        // default action), now that the terminal is usable again.
        sigaction(number, TerminalSafety.previous + Int(number), nil)
        raise(number)
      }
      action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, previous + Int(signal))
    }
  }

  /// Restores the saved settings and visible cursor; safe inside a signal handler.
  static func restoreFromSignal() {
    guard armed else { return }
    resetSequence.withUnsafeBufferPointer { buffer in
      _ = write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
    }
    if hasSaved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
  }

  /// Restores the saved settings exactly, after ncurses has shut down.
  static func restoreSettings() {
    if hasSaved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
  }

  /// Stops restoring on crashes (after a clean shutdown).
  static func disarm() {
    armed = false
  }
}
