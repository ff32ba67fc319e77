import Foundation

/// Hands out numbers, one step apart, from any thread.
final class IDCounter: @unchecked Sendable {
  /// Numbers requests across every client of the process, from 1 up (request-life events).
  static let requests = IDCounter(step: 1)
  /// Numbers requests sent without a session, from -1 down, so they never meet a session
  /// task's identifier.
  static let sessionless = IDCounter(step: -1)

  private let lock = NSLock()
  private let step: Int
  private var last = 0

  private init(step: Int) {
    self.step = step
  }

  /// The next number.
  func next() -> Int {
    lock.withLock {
      last += step
      return last
    }
  }
}
