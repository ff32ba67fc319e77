import ApexyLoader
import AppModel
import Foundation

/// The one observer of one loader: observes it once, under one name, and turns each change
/// that says something new (state, status, cache problem or a page read) into an event for the
/// loop. The same type serves every loader the app shows.
@MainActor
final class LoaderFeed<Content: Sendable & Equatable> {
  /// The name the loop observes every loader under, as the loaders list it.
  static var observerName: String { "app loop" }

  private let loader: WebLoader<Content>
  private let clock: () -> Date
  private let change: (LoaderSnapshot<Content>) -> LoaderChange
  private let post: (AppEvent) -> Void
  private var observation: LoaderObservation?
  private var last: LoaderSnapshot<Content>?

  /// Observes `loader`; each new snapshot becomes `change(snapshot)`, posted with the time of
  /// `clock` by `post`.
  init(
    _ loader: WebLoader<Content>, clock: @escaping () -> Date,
    change: @escaping (LoaderSnapshot<Content>) -> LoaderChange,
    post: @escaping (AppEvent) -> Void
  ) {
    self.loader = loader
    self.clock = clock
    self.change = change
    self.post = post
    observation = loader.observe(named: Self.observerName) { [weak self] in self?.send() }
  }

  /// Posts the loader's current snapshot when something already happened to it (content or
  /// the pages of a stopped load restored from the cache, a cache problem, a change), so the
  /// first frame shows it.
  func sendCurrent() {
    let snapshot = LoaderSnapshot(of: loader)
    guard snapshot.changeCount > 0 || snapshot.cacheProblem != nil || snapshot.partial != nil
    else { return }
    send()
  }

  private func send() {
    let snapshot = LoaderSnapshot(of: loader)
    guard snapshot.differs(from: last) else { return }
    last = snapshot
    post(.loaderChanged(change(snapshot), at: clock()))
  }
}

extension LoaderSnapshot {
  /// What `loader` says now.
  @MainActor
  init(of loader: WebLoader<Content>) {
    self.init(
      state: loader.state,
      status: LoaderStatus(
        retry: loader.retryStatus.map(RetryCountdown.init), freshness: loader.freshness,
        staleAfter: loader.policies.staleAfter, rateLimit: loader.lastResponse?.rateLimit,
        rateLimitAt: loader.lastResponse?.receivedAt, pages: loader.pageProgress),
      cacheProblem: loader.cacheProblem, partial: loader.partialContent,
      changeCount: loader.changeCount)
  }
}
