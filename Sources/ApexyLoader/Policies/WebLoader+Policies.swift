import ApexyHTTP
import Foundation
import Locking

extension WebLoader {
  /// Whether the content is older than `policies.staleAfter`, on the scheduler's clock.
  public var isStale: Bool {
    freshness.isStale(at: scheduler.now, staleAfter: policies.staleAfter)
  }

  /// Ends a load whose answers were all `304 Not Modified`: the content is kept as it is (the
  /// same value, nothing decoded) and marked confirmed now. Without content, fails with
  /// `NotModifiedWithoutCacheError`.
  public func finishNotModified() {
    guard let content = state.content else {
      finishLoading(.failure(NotModifiedWithoutCacheError(url: nil)))
      return
    }
    finishNotModified(keeping: content)
  }

  /// Moves to `.success(content)` as confirmed unchanged now.
  func finishNotModified(keeping content: Content) {
    freshness = Freshness(lastConfirmed: scheduler.now, wasNotModified: true)
    state = .success(content: content)
    saveToCache()
    scheduleRefresh()
  }

  // MARK: - Sending

  /// Sends `endpoint` under the policies; `handle` gets the endpoint's own errors and content.
  func sendWithPolicies<T: Endpoint>(
    _ endpoint: T, inFlight: InFlight,
    then handle: @escaping (WebLoader, Result<T.Content, Error>) -> Void
  ) {
    let token = inFlight.begin()
    let generation = loadGeneration
    let hooks = PolicyRequest<T>.Hooks(
      response: { [weak self] in self?.lastResponse = $0 },
      retry: { [weak self] status in
        // A load given up shows no retry of its own.
        guard let self, self.loadGeneration == generation else { return }
        self.setRetryStatus(status)
      },
      finish: { [weak self] result in
        guard let self else { return }
        inFlight.finish(token)
        handle(self, result)
      })
    let request = PolicyRequest(
      endpoint, client: apiClient, scheduler: scheduler, policies: policies, hooks: hooks)
    inFlight.attach(request.progress, token: token)
    request.start()
  }

  /// Sends `endpoint` as a conditional request: a 304 keeps the content stored for its URL.
  func revalidate<T: Endpoint>(_ endpoint: T, transform: @escaping (T.Content) -> Content) {
    let conditional = revalidationCache.conditional(endpoint)
    send(conditional) { loader, result in
      switch result {
      case .failure(let error):
        loader.finishLoading(.failure(error))
      case .success(.notModified):
        guard let content = loader.revalidationCache.value(forKey: conditional.key) else {
          loader.finishLoading(.failure(NotModifiedWithoutCacheError(url: conditional.key)))
          return
        }
        loader.finishNotModified(keeping: content)
      case .success(.modified(let content, let validators)):
        let value = transform(content)
        loader.revalidationCache.store(value, validators: validators, for: conditional)
        loader.finishLoading(.success(value))
      }
    }
  }

  private func setRetryStatus(_ status: RetryStatus?) {
    guard status != nil || retryStatus != nil else { return }
    retryStatus = status
    observers.notify()
  }

  // MARK: - Refresh

  /// Schedules the next refresh after a load ended, or cancels it when none is asked for.
  func scheduleRefresh() {
    let hasEnded: Bool
    switch state {
    case .success, .failure: hasEnded = true
    case .initial, .loading: hasEnded = false
    }
    guard let interval = policies.refreshInterval, interval > 0, hasEnded, self is ContentLoading
    else {
      refreshSlot.replace(with: nil)
      return
    }
    let delay = max(interval, lastResponse?.pollInterval ?? 0)
    refreshSlot.replace(
      with: scheduler.schedule(after: delay) { [weak self] in
        guard let self else { return }
        self.refreshSlot.replace(with: nil)
        (self as? ContentLoading)?.load()
      })
  }
}

/// Holds one piece of scheduled work, cancelling the one it replaces; usable from `deinit`.
final class WorkSlot: Sendable {
  private let work = Locked<ScheduledWork?>(nil)

  /// Puts `newWork` in the slot and cancels what was there.
  func replace(with newWork: ScheduledWork?) {
    let old = work.withLock { work in
      defer { work = newWork }
      return work
    }
    if old !== newWork { old?.cancel() }
  }
}
