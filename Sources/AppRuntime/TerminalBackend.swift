import AppModel
import AppRendering

/// The screen the terminal backend draws on: the real terminal, or one in memory in tests.
@MainActor
public protocol TerminalScreen: AnyObject {
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

/// The terminal backend: renders each state into a grid and draws only the cells that changed.
@MainActor
public final class TerminalBackend: AppBackend {
  private let screen: any TerminalScreen
  private var drawn: Grid?
  /// The state `drawn` was rendered from.
  private var presented: AppState?
  /// Where each frame's structure is written for tests, when the environment asks.
  private let frameDump: FrameDumpFile?

  /// A backend drawing on `screen`, writing each frame's structure to `frameDump` if given.
  public init(screen: any TerminalScreen, frameDump: FrameDumpFile? = nil) {
    self.screen = screen
    self.frameDump = frameDump
  }

  /// The screen's size now.
  public var size: Size? { screen.size }

  /// A frame shows the state after the events that waited together: pages that arrive faster
  /// than a frame is drawn are drawn in one frame (and pages faster than the spinner at its
  /// pace, `FramePace`).
  public var coalescesStates: Bool { true }

  /// Draws the cells that differ from the frame drawn before.
  /// A tick (the spinner's next frame, the clock) draws only what it changes over the frame
  /// before: the panes' rows are not rendered again at every spinner frame.
  public func present(_ state: AppState) -> ExitCode? {
    // A tick, or a page read below the rows shown, draws only what it changes over the frame
    // before; anything else is rendered whole.
    let partial = drawn.flatMap { drawn in
      presented.flatMap {
        Screen.ticked(drawn, from: $0, to: state) ?? Screen.paged(drawn, from: $0, to: state)
      }
    }
    let grid = partial ?? Screen.render(state)
    screen.draw(grid.diff(from: drawn))
    frameDump?.write(state, grid)
    drawn = grid
    presented = state
    return nil
  }

  /// The next frame repaints every cell.
  public func repaint() {
    drawn = nil
    presented = nil
  }

  /// Suspends; back from `fg` the terminal shows the shell's text, so the next frame repaints.
  public func suspend() {
    screen.suspend()
    drawn = nil
    presented = nil
  }

  /// Copies through the screen's clipboard.
  public func copy(_ text: String) {
    screen.copy(text)
  }

  /// Gives the terminal back.
  public func close(_ state: AppState, exitCode: ExitCode) -> ExitCode {
    screen.close()
    return exitCode
  }
}
