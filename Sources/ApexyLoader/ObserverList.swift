/// The observers of one loader, in the order they were added. Not generic, so the hot path of
/// every state change is compiled once, fully optimized.
@MainActor
@usableFromInline
final class ObserverList {
  private var handlers: [(id: Int, handler: @MainActor () -> Void)] = []
  private var namesByID: [(id: Int, name: String)] = []
  private var nextID = 0
  private var isNotifying = false
  private var pendingRounds = 0
  private var removals = 0
  /// The observers released and not removed yet, marked wherever they were released.
  let released = ReleasedObservers()
  /// Handlers told when the loader may have stopped being in use (an observation or a stream
  /// ended, the state changed); not observers: ``count`` does not count them.
  private var useHandlers: [(id: Int, handler: () -> Void)] = []

  /// Adds a handler, named or not, and returns its id.
  func add(_ handler: @escaping @MainActor () -> Void, name: String? = nil) -> Int {
    let id = nextID
    nextID += 1
    handlers.append((id, handler))
    if let name { namesByID.append((id, name)) }
    return id
  }

  /// The names of the live named handlers, in the order they were added.
  var names: [String] {
    released.count == 0
      ? namesByID.map(\.name) : namesByID.filter { !released.contains($0.id) }.map(\.name)
  }

  /// How many handlers are live: not released.
  var count: Int { handlers.count - released.count }

  /// Removes the handler with `id`; it is not called again, even later in a running round.
  func remove(_ id: Int) {
    handlers.removeAll { $0.id == id }
    namesByID.removeAll { $0.id == id }
    removals &+= 1
    released.forget(id)
    usageChanged()
  }

  /// Adds a handler told when the loader may have stopped being in use; returns its id.
  func addUseHandler(_ handler: @escaping () -> Void) -> Int {
    let id = nextID
    nextID += 1
    useHandlers.append((id, handler))
    return id
  }

  /// Removes the use handler with `id`.
  func removeUseHandler(_ id: Int) {
    useHandlers.removeAll { $0.id == id }
  }

  /// Tells the use handlers that the loader may have stopped being in use.
  func usageChanged() {
    guard !useHandlers.isEmpty else { return }
    for entry in useHandlers { entry.handler() }
  }

  /// Calls every live handler once for one change; a change made by a handler runs as another
  /// round after this one, so each change reaches each observer exactly once, in order.
  @usableFromInline
  func notify() {
    pendingRounds += 1
    guard !isNotifying else { return }
    isNotifying = true
    defer { isNotifying = false }
    while pendingRounds > 0 {
      pendingRounds -= 1
      // The observers live at the change, in order; the array is shared, not copied.
      let snapshot = handlers
      let removalsAtStart = removals
      for entry in snapshot {
        // One released by an earlier handler is skipped; checked only once something was.
        if removals != removalsAtStart, !handlers.contains(where: { $0.id == entry.id }) {
          continue
        }
        if released.contains(entry.id) { continue }
        entry.handler()
      }
    }
    usageChanged()
  }
}
