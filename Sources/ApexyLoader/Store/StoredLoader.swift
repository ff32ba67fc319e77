/// What a ``LoaderStore`` asks of the loaders it keeps: whether anything still needs one, how
/// to load it, and when it may have stopped being needed.
@MainActor
public protocol StoredLoader: AnyObject {
  /// Whether something observes the loader now: an `observe` handler or a `states` stream.
  var isObserved: Bool { get }
  /// Whether the loader is loading now.
  var isLoading: Bool { get }

  /// Starts a load, as ``LoaderStore/invalidate(_:)`` and ``LoaderStore/prefetch(_:)`` ask.
  ///
  /// By default, the loader's own ``ContentLoading/load()`` when it is ``ContentLoading``, and
  /// nothing otherwise. It has a name of its own so that a loader declared ``ContentLoading``
  /// without a `load()` does not compile (a default `load()` would stand in for it).
  func loadInStore()

  /// Calls `handler` when the loader may have stopped being in use (an observation released, a
  /// stream ended, a load ended), so a store releases it after a time without asking every
  /// tick. The observation does not count in ``isObserved``.
  ///
  /// By default `nil`: the loader cannot tell, and a store with
  /// ``LoaderStore/releaseAfter`` looks again each time its wait ends.
  ///
  /// - Parameter handler: Called on the main actor; it asks the loader itself what changed.
  /// - Returns: The observation, held for as long as `handler` should be called; `nil` when
  ///   the loader cannot tell.
  func observeUse(_ handler: @escaping () -> Void) -> LoaderObservation?
}

extension StoredLoader {
  /// Calls ``ContentLoading/load()`` when the loader is ``ContentLoading``; does nothing
  /// otherwise.
  public func loadInStore() {
    (self as? ContentLoading)?.load()
  }

  /// `nil`: the loader cannot tell when it stops being in use.
  ///
  /// - Parameter handler: Not called.
  /// - Returns: `nil`.
  public func observeUse(_ handler: @escaping () -> Void) -> LoaderObservation? { nil }
}

extension ContentLoader: StoredLoader {
  /// Whether an ``observe(_:)`` handler or a ``states`` stream is held. A view that only reads
  /// ``state`` through Observation (SwiftUI) is not seen: hold the loader with
  /// ``LoaderStore/hold(_:)`` while it is shown.
  public var isObserved: Bool { observerCount > 0 || !streams.isEmpty }

  /// Whether ``state`` is `.loading`.
  public var isLoading: Bool { state.isLoading }

  /// Calls `handler` after every change of the state and whenever an observation is released
  /// or a `states` stream ends; not counted in ``observerCount`` nor ``isObserved``.
  ///
  /// - Parameter handler: Called on the main actor.
  /// - Returns: The observation; releasing it stops the calls.
  public func observeUse(_ handler: @escaping () -> Void) -> LoaderObservation? {
    let id = observers.addUseHandler(handler)
    let observers = self.observers
    return LoaderObservation { @Sendable in
      onMainActor { observers.removeUseHandler(id) }
    }
  }
}
