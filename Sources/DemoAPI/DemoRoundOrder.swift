import Foundation

/// Keeps headless output the same from run to run: in a round the app started (setting
/// `round`), the repositories' first page is answered only after the app reported the
/// organization's result with `organizationArrived(round:)`, as with the default delays (3 s
/// before 5 s). Interactive fetches never wait.
final class DemoRoundOrder: @unchecked Sendable {
  private let organizationLatency: TimeInterval
  private let repositoriesLatency: TimeInterval
  private let condition = NSCondition()
  private var currentRound = 1
  private var orderedRounds: Set<Int> = []
  private var organizationAnswers: [Int: Int] = [:]

  /// Ordering for a server with these per-route delays.
  init(organizationLatency: TimeInterval, repositoriesLatency: TimeInterval) {
    self.organizationLatency = organizationLatency
    self.repositoriesLatency = repositoriesLatency
  }

  /// The fetch round in progress; setting it starts an ordered round.
  var round: Int {
    get { condition.withLock { currentRound } }
    set {
      condition.withLock {
        currentRound = newValue
        orderedRounds.insert(newValue)
      }
    }
  }

  /// Records that the organization's result of `round` reached the app.
  func organizationArrived(round: Int) {
    condition.withLock {
      organizationAnswers[round, default: 0] += 1
      condition.broadcast()
    }
  }

  /// Waits (at most the organization's delay plus 5 s) until the organization of an ordered
  /// `round` arrived; returns at once when the repositories are slower anyway.
  func waitForOrganization(round: Int) {
    guard repositoriesLatency <= organizationLatency else { return }
    let deadline = Date().addingTimeInterval(organizationLatency + 5)
    condition.lock()
    defer { condition.unlock() }
    guard orderedRounds.contains(round) else { return }
    while (organizationAnswers[round] ?? 0) == 0, condition.wait(until: deadline) {}
  }
}
