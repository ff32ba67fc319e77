import ApexyHTTP
import Foundation
import Locking

/// Holds the last reference to an object while it moves to another thread: a `Sendable`
/// object, as every handle the library hands out is (observations, holds, loaders), so no
/// unchecked box is needed to release it elsewhere.
private final class LastReference<Object: Sendable>: Sendable {
  let object: Locked<Object?>
  init(_ object: Object?) { self.object = Locked(object) }
}

/// Releases `object`, which must hold the last reference to it, on a thread of its own, and
/// returns once the thread has released it.
@MainActor
func releaseOnAnotherThread<Object: AnyObject & Sendable>(_ object: inout Object?) async {
  await releaseOnOtherThreads([object.take()])
}

/// Releases `object`, which must hold the last reference to it, on a thread of its own, and
/// blocks until the thread has released it: nothing queued on the main queue meanwhile (a
/// removal the release queued there) runs before this returns.
@MainActor
func releaseOnAnotherThreadBlocking<Object: AnyObject & Sendable>(_ object: inout Object?) {
  let reference = LastReference(object.take())
  let released = DispatchSemaphore(value: 0)
  Thread {
    reference.object.withLock { $0 = nil }
    released.signal()
  }.start()
  released.wait()
}

/// Releases each of `objects`, which must hold the last references to them, on a thread of its
/// own, while `meanwhile` runs on this one; returns once every thread has released its object.
@MainActor
func releaseOnOtherThreads<Object: AnyObject & Sendable>(
  _ objects: consuming [Object?], meanwhile: () -> Void = {}
) async {
  var objects = objects
  let references = objects.map(LastReference.init)
  objects = []
  let left = CountDown(references.count)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    for reference in references {
      let thread = Thread {
        reference.object.withLock { $0 = nil }
        if left.tick() == 0 { done.resume() }
      }
      thread.start()
    }
    meanwhile()
  }
}

/// Lets the main queue run what was queued on it so far, then resumes.
func mainQueueTurn() async {
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { done.resume() }
  }
}

/// Counts down from a number, from any thread.
private final class CountDown: Sendable {
  private let left: Locked<Int>

  init(_ count: Int) { left = Locked(count) }

  /// Counts one down; returns how many are left.
  func tick() -> Int {
    left.withLock { left in
      left -= 1
      return left
    }
  }
}
