import ApexyHTTP
import Foundation

/// Hands the client's request-life events to whoever listens, once someone does: the client is
/// built before the app that shows its requests.
public final class RequestEventRelay: @unchecked Sendable {
  private let lock = NSLock()
  private var listener: (@Sendable (RequestLifeEvent) -> Void)?

  /// A relay with no listener yet; events before one is set are dropped.
  public init() {}

  /// Sets who hears the events from now on (`nil` to stop).
  public func listen(_ listener: (@Sendable (RequestLifeEvent) -> Void)?) {
    lock.withLock { self.listener = listener }
  }

  /// Passes one event on; called on the client's serial event queue.
  public func deliver(_ event: RequestLifeEvent) {
    let listener = lock.withLock { self.listener }
    listener?(event)
  }
}
