import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The reports one `URLProtocol` load makes to its client, from whichever thread sees the
/// load's events: each is made under a lock, on the task's work queue when one is given (in
/// order), and none after `stop()`.
///
/// Foundation on Linux keeps a session's tasks in a registry that only the session's work queue
/// may touch, and every `client` call reads it; it calls `startLoading()` and `stopLoading()`
/// there too. Foundation cancels by calling `stopLoading()` and then reporting a cancellation
/// itself, and traps when a protocol reports to a task that completed: so a report never
/// follows a stop, and `stop()` waits for a report under way.
///
/// The protocol is held weakly: Foundation keeps it while its task runs, and a report for a
/// protocol it let go of has nobody to reach.
package final class URLProtocolReports<Protocol: URLProtocol> {
  private weak var urlProtocol: Protocol?
  private let client: @Sendable (Protocol) -> URLProtocolClient?
  private let state = Locked(State())

  private struct State {
    var stopped = false
    var queue: DispatchQueue?
    var cancel: (@Sendable () -> Void)?
  }

  /// Reports for `urlProtocol` to the client `client` gives (`nil` for none, and then no
  /// report is made), made at once until `start(on:cancel:)` names a queue.
  package init(
    _ urlProtocol: Protocol, client: @escaping @Sendable (Protocol) -> URLProtocolClient?
  ) {
    self.urlProtocol = urlProtocol
    self.client = client
  }

  /// The load starts: later reports are made on `queue` (at once when `nil`), and `stop()`
  /// calls `cancel`. Returns `false`, keeping neither, when the load was stopped already.
  @discardableResult
  package func start(on queue: DispatchQueue?, cancel: (@Sendable () -> Void)? = nil) -> Bool {
    state.withLock { state in
      guard !state.stopped else { return false }
      state.queue = queue
      state.cancel = cancel
      return true
    }
  }

  /// The load ended on its own: `stop()` has nothing more to cancel.
  package func finished() {
    state.withLock { $0.cancel = nil }
  }

  /// Stops the load: no report is made after this returns, and the load's `cancel` runs.
  /// Returns whether the load was still going.
  @discardableResult
  package func stop() -> Bool {
    let (wasRunning, cancel) = state.withLock { state in
      defer {
        state.stopped = true
        state.cancel = nil
      }
      return (!state.stopped, state.cancel)
    }
    cancel?()
    return wasRunning
  }

  /// Queues `call` to run on the work queue with the protocol and its client (or runs it at
  /// once, and then returns whether it ran), where it is made unless the load was stopped by
  /// then; returns whether the load is still going.
  @discardableResult
  package func report(_ call: @escaping @Sendable (Protocol, URLProtocolClient) -> Void) -> Bool {
    let (stopped, queue) = state.withLock { ($0.stopped, $0.queue) }
    if stopped { return false }
    guard let queue else { return deliver(call) }
    queue.async { self.deliver(call) }
    return true
  }

  /// Foundation's `workQueue` of `task` (internal to Foundation, so found by reflection);
  /// `nil` when it has none by that name, and then reports are made at once.
  package static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
    var mirror: Mirror? = Mirror(reflecting: task)
    while let current = mirror {
      if let queue = current.children.first(where: { $0.label == "workQueue" })?.value
        as? DispatchQueue
      {
        return queue
      }
      mirror = current.superclassMirror
    }
    return nil
  }

  /// Runs `call` under the lock unless the load was stopped, or the protocol or its client is
  /// gone; returns whether it ran.
  @discardableResult
  private func deliver(_ call: (Protocol, URLProtocolClient) -> Void) -> Bool {
    state.withLock { state in
      guard !state.stopped, let urlProtocol, let client = client(urlProtocol) else {
        return false
      }
      call(urlProtocol, client)
      return true
    }
  }
}

// Safe: the protocol is only read (Foundation set it up already); the rest is behind `state`.
extension URLProtocolReports: @unchecked Sendable {}
