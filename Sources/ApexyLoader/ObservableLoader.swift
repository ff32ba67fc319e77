/// A loader whose state changes can be observed.
@MainActor
public protocol ObservableLoader: AnyObject {
  /// Calls `changeHandler` after every state change for as long as the observation is held.
  ///
  /// - Parameter changeHandler: Called on the main actor after each change; it reads the
  ///   loader's state itself.
  /// - Returns: The observation: hold it for as long as `changeHandler` should be called.
  func observe(_ changeHandler: @escaping () -> Void) -> LoaderObservation
}

/// An observable loader that can be asked to load.
@MainActor
public protocol ContentLoading: ObservableLoader {
  /// Starts loading.
  func load()
}

/// A live observation: holding it keeps its handler called; releasing it stops the handler.
///
/// It may be released on any thread (`ContentLoader.observe(named:_:)` says when the handler
/// stops then).
public final class LoaderObservation {
  private let cancel: () -> Void

  init(_ cancel: @escaping () -> Void) {
    self.cancel = cancel
  }

  deinit {
    cancel()
  }
}
