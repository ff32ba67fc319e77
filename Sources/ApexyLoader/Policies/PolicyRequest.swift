import ApexyHTTP
import Foundation
import Locking
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One logical request sent under a loader's policies: rate-limit check, attempts, waits
/// between them, and cancellation of whichever is under way.
@MainActor
final class PolicyRequest<E: Endpoint> {
  /// What the request reports to its loader.
  struct Hooks {
    /// Called with every response received, failed or not.
    let response: @MainActor (ResponseMetadata) -> Void
    /// Called when a retry starts waiting, and with `nil` when the request ends after one.
    let retry: @MainActor (RetryStatus?) -> Void
    /// Called once with the outcome; a cancelled request ends with `URLError(.cancelled)`.
    let finish: @MainActor (Result<E.Content, Error>) -> Void
  }

  /// Cancelling it cancels the attempt in flight or the wait for the next one.
  let progress = CancellingProgress()

  private let endpoint: ObservedEndpoint<E>
  /// The method of the endpoint's request, which decides whether it may be sent again.
  private let method: String?
  private let client: Client
  private let scheduler: LoaderScheduler
  private let policies: LoaderPolicies
  private let hooks: Hooks
  private var current: Progress?
  private var wait: ScheduledWork?
  private var retries = 0
  private var isDone = false
  private var isCancelled = false

  /// Prepares `endpoint` to be sent with `client` under `policies`.
  init(
    _ endpoint: E, client: Client, scheduler: LoaderScheduler, policies: LoaderPolicies,
    hooks: Hooks
  ) {
    self.endpoint = ObservedEndpoint(base: endpoint)
    self.method = policies.retry == nil ? nil : (try? endpoint.makeRequest())?.httpMethod
    self.client = client
    self.scheduler = scheduler
    self.policies = policies
    self.hooks = hooks
  }

  /// Sends the first attempt.
  func start() {
    progress.onCancel = { [self] in cancel() }
    attempt()
  }

  private func attempt() {
    guard !isDone, !isCancelled else { return }
    if let gate = policies.rateLimit, let error = gate.check(now: scheduler.now) {
      complete(.failure(error))
      return
    }
    current = client.request(endpoint) { [self] result in
      // The client completes on its queue; the request goes on on the main actor.
      onMainActor { self.received(result) }
    }
  }

  private func received(_ result: Result<Observed<E.Content>, Error>) {
    current = nil
    guard !isDone else { return }
    switch result {
    case .success(let observed):
      record(observed.response as? HTTPURLResponse)
      complete(.success(observed.content))
    case .failure(let error):
      record(error.httpResponse)
      guard !isCancelled, let retry = policies.retry else {
        complete(.failure(error.unwrappingResponse))
        return
      }
      switch retry.decision(
        after: error, method: method, retriesSoFar: retries, now: scheduler.now)
      {
      case .fail(let final):
        complete(.failure(final))
      case .retry(let delay):
        retries += 1
        let status = RetryStatus(
          attempt: retries + 1, maxAttempts: retry.maxRetries + 1,
          nextAttempt: scheduler.now.addingTimeInterval(delay), error: error.unwrappingResponse)
        wait = scheduler.schedule(after: delay) { [self] in
          wait = nil
          attempt()
        }
        hooks.retry(status)
      }
    }
  }

  private func record(_ response: HTTPURLResponse?) {
    guard let response else { return }
    let limit = RateLimit(response: response)
    policies.rateLimit?.record(limit)
    let poll = response.header("X-Poll-Interval").flatMap { TimeInterval($0) }
    hooks.response(
      ResponseMetadata(
        statusCode: response.statusCode, receivedAt: scheduler.now, rateLimit: limit,
        pollInterval: poll))
  }

  private func cancel() {
    guard !isDone, !isCancelled else { return }
    isCancelled = true
    current?.cancel()
    if let wait {
      wait.cancel()
      self.wait = nil
      // Cancelled while waiting for a retry: no request is in flight to report it.
      complete(
        .failure(
          URLError.described(
            .cancelled, url: nil, reason: "The load was cancelled while waiting to retry.")))
    }
  }

  private func complete(_ result: Result<E.Content, Error>) {
    guard !isDone else { return }
    isDone = true
    progress.onCancel = nil
    progress.completedUnitCount = 1
    if retries > 0 { hooks.retry(nil) }
    hooks.finish(result)
  }
}

/// A progress whose `cancel()` reaches its owner at once when called on the main thread
/// (Foundation calls `cancellationHandler` later, on another queue), and soon after otherwise.
final class CancellingProgress: Progress {
  /// The function in a struct of its own: a lock's value is never a function type (`Locked`).
  private struct Handler {
    var run: (@MainActor () -> Void)?
  }

  private let handler = Locked(Handler())

  /// A progress of one unit.
  init() {
    super.init(parent: nil, userInfo: nil)
    totalUnitCount = 1
  }

  /// Runs on the main actor when the progress is cancelled, unless cleared first.
  var onCancel: (@MainActor () -> Void)? {
    get { handler.withLock { $0.run } }
    set { handler.withLock { $0.run = newValue } }
  }

  override func cancel() {
    super.cancel()
    onMainActor { [self] in
      let handler = onCancel
      onCancel = nil
      handler?()
    }
  }
}

// Safe: Progress is Sendable by Foundation's own lock; what this subclass adds is behind a lock.
extension CancellingProgress: @unchecked Sendable {}
