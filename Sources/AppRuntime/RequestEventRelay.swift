import ApexyHTTP
import Locking

/// Hands the client's request-life events to whoever listens, once someone does: the client is
/// built before the app that shows its requests.
public final class RequestEventRelay: Sendable {
  private let listener = Locked<(@Sendable (RequestLifeEvent) -> Void)?>(nil)

  /// A relay with no listener yet; events before one is set are dropped.
  public init() {}

  /// Sets who hears the events from now on (`nil` to stop).
  public func listen(_ listener: (@Sendable (RequestLifeEvent) -> Void)?) {
    self.listener.withLock { $0 = listener }
  }

  /// Passes one event on; called on the client's serial event queue.
  public func deliver(_ event: RequestLifeEvent) {
    let listener = self.listener.withLock { $0 }
    listener?(event)
  }
}
