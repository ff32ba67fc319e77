import Foundation
import Locking

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
  ///
  /// - Parameters:
  ///   - bytesSent: Bytes sent since the last report.
  ///   - totalBytesSent: Bytes sent so far.
  ///   - totalBytesExpectedToSend: The body's length; `-1` when unknown.
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
  private struct Weak: Sendable {
    weak var delegate: SessionDelegate?
  }

  private static let delegates = Locked<[ObjectIdentifier: Weak]>([:])

  static func register(_ task: URLSessionTask, delegate: SessionDelegate) {
    delegates.withLock { $0[ObjectIdentifier(task)] = Weak(delegate: delegate) }
  }

  static func unregister(_ task: URLSessionTask) {
    delegates.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(task)) }
  }

  static func delegate(for task: URLSessionTask) -> SessionDelegate? {
    delegates.withLock { $0[ObjectIdentifier(task)]?.delegate }
  }
}
