#if !canImport(Darwin)
  import Synchronization
#endif

/// An integer that any thread may read and change, each change whole.
///
/// An `Atomic` where Synchronization is available to the libraries (Linux); on Apple platforms,
/// below the iOS 18 and macOS 15 that `Atomic` needs, an `Int` behind a `Locked`. Shared by the
/// package's modules (`package` access).
package final class SharedCounter: Sendable {
  #if canImport(Darwin)
    private let value: Locked<Int>
  #else
    private let value: Atomic<Int>
  #endif

  /// A counter starting at `value`.
  package init(_ value: Int = 0) {
    #if canImport(Darwin)
      self.value = Locked(value)
    #else
      self.value = Atomic(value)
    #endif
  }

  /// The current value; another thread's change may be seen a little late (relaxed).
  package func load() -> Int {
    #if canImport(Darwin)
      value.withLock { $0 }
    #else
      value.load(ordering: .relaxed)
    #endif
  }

  /// Adds `delta` (negative to subtract), wrapping on overflow; returns the new value.
  @discardableResult
  package func add(_ delta: Int) -> Int {
    #if canImport(Darwin)
      value.withLock { value in
        value &+= delta
        return value
      }
    #else
      value.wrappingAdd(delta, ordering: .relaxed).newValue
    #endif
  }
}
