import CCurl
import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plain `http://` transfers without libcurl: each runs on a thread of its own, and the
/// connections they end with are kept for the next request to the same host and port.
///
/// libcurl (and OpenSSL with it) is then neither initialized nor, where the program opens it
/// on first use, loaded for a program that only speaks plain HTTP, such as the app against its
/// built-in server. `https://`, proxied requests and those asking for a compressed body go to
/// `CurlEngine` (`PlainHTTPEngine.sends`).
final class PlainHTTPEngine: Sendable {
  /// The engine all `CurlLoad`s share.
  static let shared = PlainHTTPEngine()

  private struct State {
    /// The running transfers, by identifier, with the socket each is using (-1 for none yet).
    var running: [Int: Int32] = [:]
    /// Running transfers that were removed: they stop at their next step.
    var cancelled: Set<Int> = []
    /// Connections kept open after a complete response, by `host:port`, newest last, with
    /// when each was kept.
    var idle: [String: [(socket: PlainSocket, since: Double)]] = [:]
  }

  private let state = Locked(State())
  /// Idle connections kept for one host and port; more are closed.
  private static let idleLimit = 6
  /// Idle connections kept in all; the oldest go first.
  private static let totalIdleLimit = 32
  /// How long an idle connection is kept, as libcurl's default (`CURLOPT_MAXAGE_CONN`): a
  /// connection a NAT or load balancer dropped silently would otherwise cost a request its
  /// whole timeout.
  private static let idleAge = 118.0

  /// Whether a connection kept `since` is still young enough to use at `now`.
  private static func isFresh(_ since: Double, at now: Double) -> Bool { now - since < idleAge }

  /// Whether this engine sends `request`: plain `http` with a host and no credentials in the
  /// URL, no proxy named in the environment (`http_proxy`, `all_proxy`, `ALL_PROXY`, which
  /// libcurl reads), and no `Accept-Encoding` asking for a coding (libcurl decodes those).
  static func sends(_ request: URLRequest) -> Bool {
    guard let url = request.url, url.scheme?.lowercased() == "http", url.host != nil,
      url.user == nil, url.password == nil
    else { return false }
    for name in ["http_proxy", "all_proxy", "ALL_PROXY"] {
      if let value = getenv(name), value.pointee != 0 { return false }
    }
    if let encoding = request.value(forHTTPHeaderField: "Accept-Encoding")?.lowercased()
      .trimmingCharacters(in: .whitespaces), !encoding.isEmpty, encoding != "identity"
    {
      return false
    }
    return true
  }

  /// Starts `transfer` on a thread of its own; its `done` runs there, unless it is removed.
  func add(_ transfer: CurlTransfer) {
    state.withLock { $0.running[transfer.id] = -1 }
    let thread = Thread { [self] in PlainHTTPExchange(transfer, engine: self).run() }
    thread.name = "PlainHTTP"
    thread.start()
  }

  /// Stops transfer `id` if it is running: its socket is shut down, and its `done` is not
  /// called.
  func remove(id: Int) {
    state.withLock { state in
      guard let fd = state.running[id] else { return }
      state.cancelled.insert(id)
      if fd >= 0 { PlainSocket(fd: fd).shutDown() }
    }
  }

  /// Whether transfer `id` was removed.
  func isCancelled(_ id: Int) -> Bool {
    state.withLock { $0.cancelled.contains(id) }
  }

  /// Makes `socket` the one `remove` shuts down for transfer `id`, or (`nil`) none; `false`
  /// when the transfer was removed already (the caller then still owns the socket).
  func use(_ socket: PlainSocket?, for id: Int) -> Bool {
    state.withLock { state in
      guard !state.cancelled.contains(id) else { return false }
      state.running[id] = socket?.fd ?? -1
      return true
    }
  }

  /// Forgets transfer `id`, which has ended.
  func ended(_ id: Int) {
    state.withLock { state in
      state.running[id] = nil
      state.cancelled.remove(id)
    }
  }

  /// An idle connection to `origin` that can carry a request, if one was kept; the stale ones
  /// met on the way are closed.
  func takeIdle(_ origin: String) -> PlainSocket? {
    var stale: [PlainSocket] = []
    defer { for socket in stale { socket.close() } }
    let now = PlainSocket.now()
    return state.withLock { state in
      while let kept = state.idle[origin]?.popLast() {
        if Self.isFresh(kept.since, at: now), kept.socket.isReusable { return kept.socket }
        stale.append(kept.socket)
      }
      return nil
    }
  }

  /// Keeps `socket`, connected to `origin` and between requests, for the next request there.
  func keep(_ socket: PlainSocket, for origin: String) {
    let now = PlainSocket.now()
    let closing = state.withLock { state in
      var closing: [PlainSocket] = []
      // Those kept too long, for any origin, go now; then the oldest over the limits.
      for (key, kept) in state.idle {
        let young = kept.filter { Self.isFresh($0.since, at: now) }
        closing += kept.filter { !Self.isFresh($0.since, at: now) }.map(\.socket)
        state.idle[key] = young.isEmpty ? nil : young
      }
      guard state.idle[origin, default: []].count < Self.idleLimit else {
        return closing + [socket]
      }
      state.idle[origin, default: []].append((socket, now))
      while state.idle.values.reduce(0, { $0 + $1.count }) > Self.totalIdleLimit,
        let (key, kept) = state.idle.min(by: { $0.value[0].since < $1.value[0].since })
      {
        closing.append(kept[0].socket)
        state.idle[key] = kept.count > 1 ? Array(kept.dropFirst()) : nil
      }
      return closing
    }
    for socket in closing { socket.close() }
  }
}
