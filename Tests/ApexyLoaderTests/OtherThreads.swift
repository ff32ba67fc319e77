import ApexyHTTP
import Foundation
import Locking

/// Holds the last reference to an object while it moves to another thread.
private final class LastReference {
  var object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}

/// Releases `object`, which must hold the last reference to it, on a thread of its own, and
/// returns once the thread has released it.
@MainActor
func releaseOnAnotherThread<Object: AnyObject>(_ object: inout Object?) async {
  await releaseOnOtherThreads([object.take()])
}

/// Releases each of `objects`, which must hold the last references to them, on a thread of its
/// own, while `meanwhile` runs on this one; returns once every thread has released its object.
@MainActor
func releaseOnOtherThreads(_ objects: consuming [AnyObject?], meanwhile: () -> Void = {}) async {
  var objects = objects
  let references = objects.map(LastReference.init)
  objects = []
  let left = CountDown(references.count)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    for reference in references {
      // The thread is the only one to touch `reference` from here on.
      let thread = Thread(
        block: uncheckedSendable {
          reference.object = nil
          if left.tick() == 0 { done.resume() }
        })
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
