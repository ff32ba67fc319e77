import AppModel

/// A backend of the app: what the loop hands each new state to. The terminal backend draws it;
/// the transcript backend prints what changed. Nothing about loading, merging or quitting
/// differs between them.
@MainActor
public protocol AppBackend: AnyObject {
  /// The terminal's size now; `nil` for a backend without one.
  var size: Size? { get }
  /// Whether the backend shows only the state after the events waiting together (the
  /// terminal: one frame for all of them), rather than the state after each (the transcript,
  /// which prints every transition).
  var coalescesStates: Bool { get }
  /// Shows the state after one event. Returns an exit code when the backend can no longer show
  /// anything (its output failed), so the run ends with it.
  func present(_ state: AppState) -> ExitCode?
  /// Forgets what is shown, so the next state repaints everything.
  func repaint()
  /// Gives the terminal back and stops the process until the shell continues it.
  func suspend()
  /// Puts `text` on the terminal's clipboard.
  func copy(_ text: String)
  /// Ends the backend as the run ends with `exitCode`; returns the exit code the run ends with
  /// (the transcript's last lines can fail).
  func close(_ state: AppState, exitCode: ExitCode) -> ExitCode
}

extension AppBackend {
  /// A backend without a terminal has no size.
  public var size: Size? { nil }
  /// A backend shows every state unless it says otherwise.
  public var coalescesStates: Bool { false }
  /// A backend that keeps nothing on screen has nothing to forget.
  public func repaint() {}
  /// A backend without a terminal does not suspend.
  public func suspend() {}
  /// A backend without a terminal has no clipboard.
  public func copy(_ text: String) {}
}
