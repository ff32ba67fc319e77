import Foundation

/// Everything that can change the app's state; time arrives inside events.
public enum AppEvent: Sendable, Equatable {
  /// A key was pressed.
  case key(Key)
  /// A timer the app asked for fired (spinner frame or a status-bar age that changes).
  case tick(Date)
  /// Text was pasted (bracketed paste), as it came.
  case paste(String)
  /// The mouse was used.
  case mouse(MouseEvent)
  /// The terminal was resized.
  case resize(Size)
  /// One loader changed (its state, its status or its cache problem), at this time.
  case loaderChanged(LoaderChange, at: Date)
  /// Something asked for an action without a key: headless mode fetching at start.
  case action(Action)
  /// A request was sent or ended (from the client's request-life events).
  case request(RequestRecord)
  /// Every request event the client reported before `drainRequestEvents` was asked for has
  /// arrived.
  case requestEventsDrained
  /// The names each loader lists as its observers, as the library reports them.
  case observers([LoaderKind: [String]])
  /// The loaders the runtime keeps by key changed (an owner shown, a detail opened, a loader
  /// let go of).
  case kept(KeptLoaders)
  /// The runtime has something to tell the user (a browser that could not be started).
  case notice(String)
  /// The app must end: a signal arrived, the terminal hung up or output failed.
  case stop(ExitCode)
}
