import AppModel
import AppRendering
import AppRuntime
import Foundation

/// A terminal in memory: applies each diff to its own screen, as a real terminal would, and
/// keeps every frame's text.
@MainActor
public final class FakeScreen: TerminalScreen {
  /// The size it reports.
  public var size: Size
  /// What it shows now.
  public private(set) var screen: Grid
  /// Every diff drawn, in order.
  public private(set) var diffs: [GridDiff] = []
  /// Every frame's lines, in order.
  public private(set) var frames: [[String]] = []
  /// Whether it was given back.
  public private(set) var isClosed = false
  /// Called after each frame, so a test can wait for the one it expects.
  public var onFrame: (([String]) -> Void)?

  /// A screen of `size`.
  public init(size: Size) {
    self.size = size
    screen = Grid(width: size.columns, height: size.rows)
  }

  /// Applies the diff and records the frame.
  public func draw(_ diff: GridDiff) {
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
  public var sizeAfterSuspend: Size?
  /// How many times it was suspended.
  public private(set) var suspensions = 0

  /// Counts the suspension and takes `sizeAfterSuspend`.
  public func suspend() {
    suspensions += 1
    if let sizeAfterSuspend { size = sizeAfterSuspend }
  }

  /// Marks it closed.
  public func close() {
    isClosed = true
  }

  /// What the app put on the clipboard, in order.
  public private(set) var copies: [String] = []

  /// Records the copy.
  public func copy(_ text: String) {
    copies.append(text)
  }
}

/// A scheduler that fires only when the test says so.
@MainActor
public final class FakeScheduler: WakeScheduler {
  /// When the pending wake is due.
  public private(set) var wakeDate: Date?
  private var fire: (@MainActor () -> Void)?

  /// A scheduler with nothing pending.
  public init() {}

  /// Keeps `fire` for `fireWake()`.
  public func schedule(at date: Date, _ fire: @escaping @MainActor () -> Void) {
    wakeDate = date
    self.fire = fire
  }

  /// Drops the pending wake.
  public func cancel() {
    wakeDate = nil
    fire = nil
  }

  /// Fires the pending wake, as the clock reaching it would.
  public func fireWake() {
    let fire = self.fire
    self.fire = nil
    wakeDate = nil
    fire?()
  }
}

/// A clock that moves only when the test moves it.
@MainActor
public final class FakeClock {
  /// The time it says.
  public var now: Date

  /// A clock saying `now`.
  public init(_ now: Date) { self.now = now }
}

/// Waits one turn of the main queue: every event a loader posted before it is handled.
@MainActor
public func mainQueueTurn() async {
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { done.resume() }
  }
}
