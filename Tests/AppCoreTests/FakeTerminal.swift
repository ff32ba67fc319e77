import Foundation

@testable import AppCore

/// A terminal in memory: applies each diff to its own screen, as a real terminal would, and
/// keeps every frame's text.
@MainActor
final class FakeTerminal: TerminalBackend {
  var size: Size
  private(set) var screen: Grid
  private(set) var diffs: [GridDiff] = []
  private(set) var frames: [[String]] = []
  private(set) var isClosed = false
  /// Called after each frame, so a test can wait for the one it expects.
  var onFrame: (([String]) -> Void)?

  init(size: Size) {
    self.size = size
    screen = Grid(width: size.columns, height: size.rows)
  }

  func draw(_ diff: GridDiff) {
    precondition(!isClosed, "drawn after close")
    if diff.clearsScreen || screen.width != size.columns || screen.height != size.rows {
      screen = Grid(width: size.columns, height: size.rows)
    }
    for change in diff.changes {
      screen.put(change.cell.text, x: change.x, y: change.y, style: change.cell.style)
    }
    diffs.append(diff)
    frames.append(screen.lines)
    onFrame?(screen.lines)
  }

  /// The size the terminal has when the app comes back from a suspend.
  var sizeAfterSuspend: Size?
  private(set) var suspensions = 0

  func suspend() {
    suspensions += 1
    if let sizeAfterSuspend { size = sizeAfterSuspend }
  }

  func close() {
    isClosed = true
  }

  /// What the app put on the clipboard, in order.
  private(set) var copies: [String] = []

  func copy(_ text: String) {
    copies.append(text)
  }
}

/// A scheduler that fires only when the test says so.
@MainActor
final class FakeScheduler: WakeScheduler {
  private(set) var wakeDate: Date?
  private var fire: (@MainActor () -> Void)?

  func schedule(at date: Date, _ fire: @escaping @MainActor () -> Void) {
    wakeDate = date
    self.fire = fire
  }

  func cancel() {
    wakeDate = nil
    fire = nil
  }

  /// Fires the pending wake, as the clock reaching it would.
  func fireWake() {
    let fire = self.fire
    self.fire = nil
    wakeDate = nil
    fire?()
  }
}

/// A clock that moves only when the test moves it.
@MainActor
final class FakeClock {
  var now: Date

  init(_ now: Date) { self.now = now }
}
