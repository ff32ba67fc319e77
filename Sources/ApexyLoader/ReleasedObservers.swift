import Locking

/// The observations of one loader released and not yet removed from its observer list: a
/// release is seen at once wherever it happens, and the list forgets the observer on the main
/// actor after.
///
/// The main actor does not always run on the main thread (in an `async` `@main` program after
/// its first `await`, in Swift Testing's tests), so a release cannot tell from the thread
/// whether it may touch the list: it marks the observer here, under a lock, which every count
/// and notification reads.
final class ReleasedObservers: Sendable {
  private let ids = Locked(Set<Int>())
  /// How many are marked: read without the lock, so a loader none of whose observers waits
  /// for removal notifies without taking it.
  private let marked = SharedCounter()

  /// Marks the observer `id` released.
  func mark(_ id: Int) {
    if ids.withLock({ $0.insert(id).inserted }) { marked.add(1) }
  }

  /// Forgets the mark of `id`, once the list has removed it.
  func forget(_ id: Int) {
    if ids.withLock({ $0.remove(id) != nil }) { marked.add(-1) }
  }

  /// How many observers are marked and still in the list.
  var count: Int { marked.load() }

  /// Whether the observer `id` is marked released.
  func contains(_ id: Int) -> Bool {
    marked.load() > 0 && ids.withLock { $0.contains(id) }
  }
}
