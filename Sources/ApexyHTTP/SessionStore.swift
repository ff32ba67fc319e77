import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Makes a client's `URLSession` on first use, once, from any thread.
final class SessionStore: @unchecked Sendable {
  private let lock = NSLock()
  private var make: (() -> URLSession)?
  private var stored: URLSession?

  /// A store that calls `make` when the session is first asked for.
  init(make: @escaping () -> URLSession) {
    self.make = make
  }

  /// The session, made now if it was not yet.
  var session: URLSession {
    lock.withLock {
      if let stored { return stored }
      let session = make!()
      stored = session
      make = nil
      return session
    }
  }

  /// The session if it was made, without making it.
  var made: URLSession? { lock.withLock { stored } }
}
