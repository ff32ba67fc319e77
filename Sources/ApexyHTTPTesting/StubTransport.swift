import ApexyHTTP
import Locking

/// A stub HTTP transport for tests: requests to its host are answered by its handler, in
/// memory, and recorded.
///
/// Give a client a base URL on `host` (`baseURL`): every `URLSessionClient` that sends its
/// first request once the transport exists sends requests for that host here, whatever its
/// configuration, including one made with `RequestDefaults` (which on Linux otherwise sends
/// straight to libcurl). Give it `configuration()` too and nothing reaches the network: a
/// request to a host no live transport owns fails with `URLError(.cannotFindHost)`. Each
/// transport has a host of its own, so tests running in parallel, each with its own transport,
/// never see each other's requests. (Foundation on Linux hands a `URLProtocol` neither the
/// session nor the configuration's headers, so the host is what ties a request to its
/// transport.)
public final class StubTransport: Sendable {
  /// Answers one request.
  public typealias Handler = @Sendable (URLRequest) -> StubAnswer

  /// The host this transport answers for.
  public let host: String
  /// `https://<host>/`, a base URL for a client.
  public let baseURL: URL

  private struct State {
    var handler: Handler
    var seen: [URLRequest] = []
    var stops = 0
  }

  private let state: Locked<State>

  /// Creates a transport for `host` (a fresh `*.stub.test` host by default) answering with
  /// `handler` (a 404 by default).
  ///
  /// - Parameters:
  ///   - host: The host it answers for, compared case-insensitively; a fresh one by default,
  ///     so that parallel tests never share one.
  ///   - handler: Answers each request, on a queue of the transport's own (it may wait).
  public init(
    host: String = "t\(UUID().uuidString.prefix(8).lowercased()).stub.test",
    handler: @escaping Handler = { _ in .respond(status: 404) }
  ) {
    self.host = host.lowercased()
    self.baseURL = URL(string: "https://\(self.host)/")!
    self.state = Locked(State(handler: handler))
    StubHostURLProtocol.registered
    StubRegistry.add(self)
  }

  deinit {
    StubRegistry.remove(host)
  }

  /// Replaces the handler and forgets the requests seen so far.
  ///
  /// - Parameter handler: Answers each request from now on.
  public func answer(with handler: @escaping Handler) {
    state.withLock { $0 = State(handler: handler) }
  }

  /// A configuration whose sessions send every request through `StubURLProtocol`.
  ///
  /// - Parameter base: The configuration to start from; `.ephemeral` by default.
  /// - Returns: `base` with ``StubURLProtocol`` as its only protocol class, so a request to a
  ///   host no live transport owns fails with `URLError(.cannotFindHost)`.
  public func configuration(
    _ base: URLSessionConfiguration = .ephemeral
  ) -> URLSessionConfiguration {
    base.protocolClasses = [StubURLProtocol.self]
    return base
  }

  /// The requests seen since the last `answer(with:)`, oldest first. Upload tasks arrive
  /// without their body (Foundation on Linux keeps it from a `URLProtocol`).
  public var requests: [URLRequest] { state.withLock { $0.seen } }

  /// How many loads were stopped (cancelled) before they finished.
  public var stoppedCount: Int { state.withLock { $0.stops } }

  /// Records `request` and returns the answer for it.
  func receive(_ request: URLRequest) -> StubAnswer {
    let handler = state.withLock { state in
      state.seen.append(request)
      return state.handler
    }
    return handler(request)
  }

  /// Counts a stopped load.
  func stopped() {
    state.withLock { $0.stops += 1 }
  }
}

/// The live transports by host.
enum StubRegistry {
  private struct Weak: Sendable {
    weak var transport: StubTransport?
  }

  private static let transports = Locked<[String: Weak]>([:])

  static func add(_ transport: StubTransport) {
    transports.withLock { $0[transport.host] = Weak(transport: transport) }
  }

  static func remove(_ host: String) {
    transports.withLock { transports in
      if transports[host]?.transport == nil { transports[host] = nil }
    }
  }

  static func transport(for host: String?) -> StubTransport? {
    guard let host = host?.lowercased() else { return nil }
    return transports.withLock { $0[host]?.transport }
  }
}
