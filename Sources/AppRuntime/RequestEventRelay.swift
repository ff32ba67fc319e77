import ApexyHTTP
import Locking

/// Hands the client's request-life events to whoever listens, once someone does: the client is
/// built before the app that shows its requests.
public final class RequestEventRelay: Sendable {
  /// The function in a struct of its own: a lock's value is never a function type (`Locked`).
  private struct Listener {
    var hear: (@Sendable (RequestLifeEvent) -> Void)?
    /// Runs a function once every event the client reported so far is delivered.
    var drain: (@Sendable (@escaping @Sendable () -> Void) -> Void)?
  }

  private let listener = Locked(Listener())

  /// A relay with no listener yet; events before one is set are dropped.
  public init() {}

  /// Sets who hears the events from now on (`nil` to stop).
  public func listen(_ listener: (@Sendable (RequestLifeEvent) -> Void)?) {
    self.listener.withLock { $0.hear = listener }
  }

  /// Passes one event on; called on the client's serial event queue.
  public func deliver(_ event: RequestLifeEvent) {
    let hear = listener.withLock { $0.hear }
    hear?(event)
  }

  /// Sets how ``afterDelivered(_:)`` waits for the events reported so far: the client's
  /// `afterRequestEvents`, or another relay's.
  public func drain(through drain: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
    listener.withLock { $0.drain = drain }
  }

  /// Calls `body` once every event the client reported so far was passed on (at once when
  /// nothing says how to wait).
  public func afterDelivered(_ body: @escaping @Sendable () -> Void) {
    guard let drain = listener.withLock({ $0.drain }) else { return body() }
    drain(body)
  }
}
