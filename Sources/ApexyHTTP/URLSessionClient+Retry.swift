import Foundation
import Locking
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How one attempt at a request ended: the result to deliver, the response observer's call for
/// it (`nil` when nothing was sent, or there is no observer), and the failure as a retry policy
/// reads it, with the response it was about (`nil` when the attempt cannot be retried).
struct AttemptEnd<C> {
  let result: APIResult<C>
  var observe: (() -> Void)? = nil
  var failure: Error? = nil
}

/// Hands on how one attempt ended, once.
typealias AttemptDelivery<C> = (AttemptEnd<C>) -> Void

/// Sends a request once, and tells the given delivery how that attempt ended.
typealias Attempt<C> = @Sendable (@escaping AttemptDelivery<C>) -> Void

// MARK: - Retrying

extension URLSessionClient {
  /// Sends `attempt`, and again after each transient failure as `retryPolicy` allows (only for
  /// a method it retries, or a request the server did not process); delivers the last
  /// attempt's result once.
  func send<C>(
    _ attempt: @escaping Attempt<C>, method: String?, progress: Progress,
    delivery: @escaping Delivery<C>
  ) {
    guard let retryPolicy, retryPolicy.maxRetries > 0 else {
      attempt { end in delivery(end.result, end.observe) }
      return
    }
    RetryingSend(
      attempt: attempt, policy: retryPolicy, method: method, progress: progress,
      completionQueue: completionQueue, timerQueue: timerQueue,
      // The caller's delivery: called once, by whichever queue ends the last attempt or wait.
      delivery: uncheckedSendable { (end: AttemptEnd<C>) in delivery(end.result, end.observe) }
    ).start()
  }
}

/// One request sent until it succeeds, fails for good, runs out of retries or is cancelled.
///
/// Between attempts it waits on the client's timer queue for the policy's backoff or the wait
/// the server asked for; cancelling the request's `Progress` ends the wait at once with
/// `URLError(.cancelled)`. Each attempt is a request of its own to the response observer and
/// the request-life observer; only the last one reaches the completion.
private final class RetryingSend<C>: Sendable {
  private let attempt: Attempt<C>
  private let policy: RetryPolicy
  private let method: String?
  private let progress: Progress
  private let completionQueue: DispatchQueue
  private let timerQueue: DispatchQueue
  private let delivery: @Sendable (AttemptEnd<C>) -> Void

  private struct State {
    var retries = 0
    /// Whether a wait for the next attempt is under way; cleared by whoever ends it.
    var isWaiting = false
  }

  private let state = Locked(State())

  init(
    attempt: @escaping Attempt<C>, policy: RetryPolicy, method: String?, progress: Progress,
    completionQueue: DispatchQueue, timerQueue: DispatchQueue,
    delivery: @escaping @Sendable (AttemptEnd<C>) -> Void
  ) {
    self.attempt = attempt
    self.policy = policy
    self.method = method
    self.progress = progress
    self.completionQueue = completionQueue
    self.timerQueue = timerQueue
    self.delivery = delivery
  }

  /// Sends the first attempt.
  func start() {
    attempt { self.ended($0) }
  }

  /// An attempt ended, on the queue that ended it: deliver, or wait and send again.
  private func ended(_ end: AttemptEnd<C>) {
    guard let failure = end.failure, !progress.isCancelled,
      policy.retries(method: method) || failure.serverDidNotProcessRequest
    else {
      return delivery(end)
    }
    let retries = state.withLock { $0.retries }
    switch policy.decision(after: failure, method: method, retriesSoFar: retries, now: Date()) {
    case .fail(let error):
      delivery(AttemptEnd(result: .failure(error), observe: end.observe))
    case .retry(let delay):
      if let observe = end.observe {
        // The observer's call for this attempt: made once, on the completion queue.
        completionQueue.async(execute: uncheckedSendable(observe))
      }
      state.withLock { state in
        state.retries += 1
        state.isWaiting = true
      }
      progress.cancellationHandler = { [self] in stopWaiting() }
      if progress.isCancelled { stopWaiting() }
      timerQueue.asyncAfter(deadline: .now() + delay) { [self] in
        guard endWait() else { return }
        attempt { self.ended($0) }
      }
    }
  }

  /// Ends the wait for the next attempt; returns whether it was still under way.
  private func endWait() -> Bool {
    state.withLock { state in
      defer { state.isWaiting = false }
      return state.isWaiting
    }
  }

  /// The request was cancelled while waiting: it fails now, and no attempt follows.
  private func stopWaiting() {
    guard endWait() else { return }
    delivery(AttemptEnd(result: .failure(URLSessionClient.cancelled(nil))))
  }
}
