import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Makes a client's `URLSession` on first use, once, from any thread.
final class SessionStore: Sendable {
  private struct State {
    var make: (@Sendable () -> URLSession)?
    var stored: URLSession?
  }

  private let state: Locked<State>

  /// A store that calls `make` when the session is first asked for.
  init(make: @escaping @Sendable () -> URLSession) {
    state = Locked(State(make: make))
  }

  /// The session, made now if it was not yet.
  var session: URLSession {
    state.withLock { state in
      if let stored = state.stored { return stored }
      let session = state.make!()
      state.stored = session
      state.make = nil
      return session
    }
  }

  /// The session if it was made, without making it.
  var made: URLSession? { state.withLock { $0.stored } }
}
