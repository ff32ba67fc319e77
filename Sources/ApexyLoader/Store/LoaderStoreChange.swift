/// What changed in a ``LoaderStore``, as ``LoaderStore/observeChanges(_:)`` tells it.
public enum LoaderStoreChange<Key: Hashable>: Hashable {
  /// A loader was made for the key.
  case made(Key)
  /// The key's loader was let go of: past the limit, or ``LoaderStore/releaseAfter`` after it
  /// stopped being in use.
  case dropped(Key)
  /// The key's loader was removed (``LoaderStore/remove(_:)``).
  case removed(Key)
  /// The key's loader was invalidated (``LoaderStore/invalidate(_:)``).
  case invalidated(Key)
  /// Content was set in the key's loader (``LoaderStore/setContent(_:for:)``).
  case contentSet(Key)

  /// The key that changed.
  public var key: Key {
    switch self {
    case .made(let key), .dropped(let key), .removed(let key), .invalidated(let key),
      .contentSet(let key):
      key
    }
  }
}

extension LoaderStoreChange: Sendable where Key: Sendable {}

extension LoaderStore {
  /// Calls `changeHandler` with every change of what the store keeps (a loader made, dropped,
  /// removed, invalidated, content set) for as long as the observation is held.
  ///
  /// - Parameter changeHandler: Called on the main actor after each change, in the order the
  ///   observations were made; the store already shows the change.
  /// - Returns: The observation: hold it for as long as `changeHandler` should be called.
  public func observeChanges(_ changeHandler: @escaping (LoaderStoreChange<Key>) -> Void)
    -> LoaderObservation
  {
    let id = changeObservers.add(changeHandler)
    let observers = changeObservers
    return LoaderObservation { @Sendable in
      onMainActor { observers.remove(id) }
    }
  }
}

/// The change handlers of one store, in the order they were added.
@MainActor
final class LoaderStoreObservers<Key: Hashable> {
  private var handlers: [(id: Int, handler: (LoaderStoreChange<Key>) -> Void)] = []
  private var nextID = 0

  func add(_ handler: @escaping (LoaderStoreChange<Key>) -> Void) -> Int {
    nextID += 1
    handlers.append((nextID, handler))
    return nextID
  }

  func remove(_ id: Int) {
    handlers.removeAll { $0.id == id }
  }

  /// Tells every live handler of `change`; one removed by an earlier handler is skipped.
  func tell(_ change: LoaderStoreChange<Key>) {
    guard !handlers.isEmpty else { return }
    for entry in handlers where handlers.contains(where: { $0.id == entry.id }) {
      entry.handler(change)
    }
  }
}
