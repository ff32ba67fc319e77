import Locking

/// Hands out numbers, one step apart, from any thread.
final class IDCounter: Sendable {
  /// Numbers requests across every client of the process, from 1 up (request-life events).
  static let requests = IDCounter(step: 1)
  /// Numbers requests sent without a session, from -1 down, so they never meet a session
  /// task's identifier.
  static let sessionless = IDCounter(step: -1)

  private let step: Int
  private let last = SharedCounter()

  private init(step: Int) {
    self.step = step
  }

  /// The next number.
  func next() -> Int {
    last.add(step)
  }
}
