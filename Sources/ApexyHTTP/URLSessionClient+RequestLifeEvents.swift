import Foundation

extension URLSessionClient {
  /// Calls `body` once every request-life event reported so far has reached the client's
  /// `requestLifeObserver` (at once when it has none).
  ///
  /// The observer hears events on a serial queue of the client's own, so a request's
  /// completion can reach its caller before the request's last events reach the observer. A
  /// caller that wants every event of the requests it saw complete (a log flushed before the
  /// program exits) waits for this first.
  ///
  /// - Parameter body: Called on the client's event queue, after the events reported before.
  public func afterRequestEvents(_ body: @escaping @Sendable () -> Void) {
    guard let reporter = sessionDelegate.lifeReporter else { return body() }
    reporter.afterDelivered(body)
  }
}
