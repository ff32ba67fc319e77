/// A loader whose state changes can be observed.
@MainActor
public protocol ObservableLoader: AnyObject {
  /// Calls `changeHandler` after every state change for as long as the observation is held.
  ///
  /// - Parameter changeHandler: Called on the main actor after each change; it reads the
  ///   loader's state itself, and may touch any main-actor state.
  /// - Returns: The observation: hold it for as long as `changeHandler` should be called, and
  ///   release it on any thread or task.
  func observe(_ changeHandler: @escaping @MainActor () -> Void) -> LoaderObservation
}

extension ObservableLoader {
  /// Calls `changeHandler`, a plain closure value made on the main actor (`let update: () ->
  /// Void = { … }`, as code written for iOS's Apexy keeps one to pass to several loaders), after
  /// every state change for as long as the observation is held.
  ///
  /// A closure written in place takes ``observe(_:)-(@MainActor () -> Void)`` instead.
  ///
  /// - Parameter changeHandler: Called on the main actor after each change.
  /// - Returns: The observation: hold it for as long as `changeHandler` should be called, and
  ///   release it on any thread or task.
  @_disfavoredOverload
  public func observe(_ changeHandler: @escaping () -> Void) -> LoaderObservation {
    // Safe: a closure that is not `Sendable`, given to this main-actor method, belongs to the
    // main actor's region; the loader calls it on the main actor only.
    nonisolated(unsafe) let handler = changeHandler
    return observe { @MainActor in handler() }
  }
}

/// An observable loader that can be asked to load.
@MainActor
public protocol ContentLoading: ObservableLoader {
  /// Starts loading.
  func load()
}

/// A live observation: holding it keeps its handler called; releasing it stops the handler.
///
/// It is `Sendable`: hand it to another task or thread and release it there
/// (`ContentLoader.observe(named:_:)` says when the handler stops then).
public final class LoaderObservation: Sendable {
  private let cancel: @Sendable () -> Void

  init(_ cancel: @escaping @Sendable () -> Void) {
    self.cancel = cancel
  }

  deinit {
    cancel()
  }
}
