import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLProtocol {
  /// Reports that request body bytes were sent, for a transport (`URLProtocol`) that sends
  /// bodies itself.
  ///
  /// Foundation on Linux gives a custom protocol no way to tell the session how much of a body
  /// went out, so a `URLSessionClient` task's `Progress` (for an upload) and its delegate's
  /// `didSendBodyData` hear it from here instead. Call it from the protocol as bytes leave,
  /// with the running total and the body's length (`-1` when unknown); it does nothing for a
  /// task that no `URLSessionClient` sent.
  public func reportBodyBytesSent(
    _ bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    guard let task, let delegate = SentBytesReports.delegate(for: task) else { return }
    delegate.transportSent(
      task, bytesSent, total: totalBytesSent, expected: totalBytesExpectedToSend)
  }
}

/// Which client delegate tracks each running task, so a transport's report reaches it.
enum SentBytesReports {
  private final class Weak {
    weak var delegate: SessionDelegate?
    init(_ delegate: SessionDelegate) { self.delegate = delegate }
  }

  nonisolated(unsafe) private static var delegates: [ObjectIdentifier: Weak] = [:]
  private static let lock = NSLock()

  static func register(_ task: URLSessionTask, delegate: SessionDelegate) {
    lock.withLock { delegates[ObjectIdentifier(task)] = Weak(delegate) }
  }

  static func unregister(_ task: URLSessionTask) {
    lock.withLock { _ = delegates.removeValue(forKey: ObjectIdentifier(task)) }
  }

  static func delegate(for task: URLSessionTask) -> SessionDelegate? {
    lock.withLock { delegates[ObjectIdentifier(task)]?.delegate }
  }
}
