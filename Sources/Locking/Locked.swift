#if canImport(Darwin)
  import Foundation
#else
  import Synchronization
#endif

#if canImport(Darwin)
  /// A value behind a lock, the compiler checking that it is reached only through `withLock`.
  ///
  /// On Apple platforms an `NSLock`: `Synchronization.Mutex` needs iOS 18 and macOS 15, above
  /// the libraries' floor (iOS 17, macOS 14, which Observation sets). Shared by the package's
  /// modules (`package` access).
  ///
  /// Never a function type as `Value` (nor an optional or a tuple holding one): `withLock`
  /// passes the value `inout` across a generic boundary, and a function is re-abstracted on
  /// the way in and out, so every access would wrap the stored closure in two more thunks until
  /// a call overflows the stack. Put the function in a struct field or a final class and lock
  /// that; `scripts/check-locks` (run by `.ci/run`) fails on a lock that holds one.
  package final class Locked<Value: ~Copyable> {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: consuming sending Value) {
      self.value = value
    }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result: ~Copyable, Failure: Error>(
      _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
      lock.lock()
      defer { lock.unlock() }
      return try body(&value)
    }
  }

  // Safe: `value` is read and written only inside `withLock`, under `lock`.
  extension Locked: @unchecked Sendable where Value: ~Copyable {}
#else
  /// A value behind a `Mutex`, whose every hand-over ThreadSanitizer sees as well.
  ///
  /// `Synchronization.Mutex` on Linux waits for a contended lock in the kernel
  /// (`FUTEX_LOCK_PI`), where ThreadSanitizer cannot see the lock pass from one thread to the
  /// next, and so reports the code it guards as racing. Each hand-over here also goes through an
  /// atomic release and acquire, which ThreadSanitizer does see; what the lock guards stays
  /// checked by the compiler as a `Mutex`'s value is. Shared by the package's modules (`package`
  /// access).
  ///
  /// Never a function type as `Value` (nor an optional or a tuple holding one): `withLock`
  /// passes the value `inout` across a generic boundary, and a function is re-abstracted on
  /// the way in and out, so every access would wrap the stored closure in two more thunks until
  /// a call overflows the stack. Put the function in a struct field or a final class and lock
  /// that; `scripts/check-locks` (run by `.ci/run`) fails on a lock that holds one.
  package final class Locked<Value: ~Copyable>: Sendable {
    private let mutex: Mutex<Value>
    /// Released by each holder as it lets go, acquired by the next.
    private let handOver = Atomic<Int>(0)

    /// A lock guarding `value`.
    package init(_ value: consuming sending Value) {
      mutex = Mutex(value)
    }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result: ~Copyable, Failure: Error>(
      _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
      try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
        _ = handOver.load(ordering: .acquiring)
        defer { handOver.store(0, ordering: .releasing) }
        return try body(&value)
      }
    }
  }
#endif
