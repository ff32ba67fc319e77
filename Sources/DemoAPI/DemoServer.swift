import DemoOptions
import Foundation
import Locking
import LoopbackHTTP

/// The built-in GitHub-shaped server: the main organization and the other owners of
/// `DemoOwners`, their repositories over several pages, per-route latency, and failures on
/// demand.
public final class DemoServer: Sendable {
  /// The two routes it serves.
  public typealias Route = DemoRoute
  /// What it serves and how slowly.
  public typealias Options = DemoServerOptions

  /// What changes while it serves, behind one lock.
  private struct Switches {
    var outageOn = false
    var server: HTTPServer?
    var otherOrigin: HTTPServer?
    var log: [HTTPRequest] = []
    var requestObserver: (@Sendable (HTTPRequest) -> Void)?
    var currentRound = 1
    /// Each owner's fetch round, by login in lower case, as the app named the owner.
    var roundsByLogin: [String: Int] = [:]
    /// The failures of the recovering modes so far, for each owner and route.
    var failuresSoFar: [FailureKey: Int] = [:]
  }

  /// What a recovering mode counts failures of: one route of one owner, and one page of it
  /// when `failingPages` names pages.
  struct FailureKey: Hashable {
    /// `id ID` of an owner, or `login LOGIN` of a login asked that no owner has.
    let owner: String
    let route: Route
    let page: Int?
  }

  let options: Options
  private let switches = Locked(Switches())
  /// Every owner's bodies, built once off the caller's thread; `built` is left when they are
  /// there.
  private let site = Locked<DemoSite?>(nil)
  private let built = DispatchGroup()
  let answers: DemoResponseHeaders

  /// Creates the server; `start` binds it.
  public init(options: Options) {
    self.options = options
    answers = DemoResponseHeaders(limit: options.rateLimit)
  }

  /// Whether every request fails now, as the `x` key toggles it.
  public var outage: Bool {
    get { switches.withLock { $0.outageOn } }
    set { switches.withLock { $0.outageOn = newValue } }
  }

  /// The fetch round in progress, for `failingRounds`: the app counts its fetches and says
  /// which one starts, as it turns the outage on and off.
  public var round: Int {
    get { switches.withLock { $0.currentRound } }
    set { switches.withLock { $0.currentRound = newValue } }
  }

  /// Says which fetch round of the owner `login` starts: with several owners loading at once,
  /// each is counted on its own (`round` is the latest of any).
  public func setRound(_ round: Int, owner login: String) {
    switches.withLock {
      $0.currentRound = round
      $0.roundsByLogin[login.lowercased()] = round
    }
  }

  /// The round of the owner a request is for, known by any of `logins`; the latest round of
  /// any owner when the app named none of them.
  func round(of logins: [String]) -> Int {
    switches.withLock { switches in
      for login in logins {
        if let round = switches.roundsByLogin[login.lowercased()] { return round }
      }
      return switches.currentRound
    }
  }

  /// Binds to 127.0.0.1 (`port` 0 for an ephemeral one) and returns the base URL.
  public func start(port: UInt16 = 0) throws -> URL {
    // Weak: a connection still being served when the app ends finds no server and is dropped.
    let server = HTTPServer { [weak self] in self?.handle($0) ?? .drop }
    let bound = try server.start(port: port)
    let other = HTTPServer { [weak self] in self?.handle($0, redirecting: false) ?? .drop }
    if options.failureMode == .crossOrigin { try other.start() }
    switches.withLock {
      $0.server = server
      $0.otherOrigin = other
    }
    // The bodies are built off the caller's thread, so the app draws its first frame at once;
    // a request that comes first waits for them.
    let base = "http://127.0.0.1:\(bound)"
    built.enter()
    Thread.detachNewThread { [self] in
      let made = DemoSite(options: options, base: base)
      site.withLock { $0 = made }
      built.leave()
    }
    return server.baseURL
  }

  /// Waits until the bodies are built, and returns them.
  private func waitForSite() -> DemoSite {
    built.wait()
    return site.withLock { $0! }
  }

  /// Told of every request as it arrives, on the connection's thread (`serve-demo` prints
  /// them); set before `start`.
  public var onRequest: (@Sendable (HTTPRequest) -> Void)? {
    get { switches.withLock { $0.requestObserver } }
    set { switches.withLock { $0.requestObserver = newValue } }
  }

  /// The latest requests received (at most 200), oldest first.
  public var requests: [HTTPRequest] { switches.withLock { $0.log } }

  /// Stops serving.
  public func stop() {
    let (main, other) = switches.withLock { ($0.server, $0.otherOrigin) }
    main?.stop()
    other?.stop()
  }

  // MARK: - Routing

  /// The answer to `request`, its rate-limit headers stated and spent.
  func handle(_ request: HTTPRequest, redirecting: Bool = true) -> HTTPReply {
    answers.counted(route(request, redirecting: redirecting))
  }

  private func route(_ request: HTTPRequest, redirecting: Bool) -> HTTPReply {
    let site = waitForSite()
    let observer = switches.withLock {
      $0.log.append(request)
      if $0.log.count > 200 { $0.log.removeFirst() }
      return $0.requestObserver
    }
    observer?(request)
    var path = request.path
    if path.hasPrefix("/redirected/") { path.removeFirst("/redirected".count) }
    let parts = path.split(separator: "/").map(String.init)
    guard request.method == "GET" else { return DemoFailureReply.status(404, "Not Found") }
    if parts.count == 3, parts[0] == "repos" {
      return repository(request, owner: parts[1], name: parts[2], site: site)
    }
    guard let asked = DemoOwnerPath(parts) else { return DemoFailureReply.status(404, "Not Found") }
    return ownerRoute(
      request, asked, site: site, redirecting: redirecting && request.path == path)
  }

  /// The failure mode of a request of `route` for the owner `key` (`FailureKey.owner`) now,
  /// `page` being the repositories page asked, or `nil` when it succeeds; counts the failures
  /// of a recovering mode.
  func failure(_ route: Route, owner key: String, logins: [String], page: Int)
    -> DemoFailureMode?
  {
    guard isFailing(route, page: page, round: round(of: logins)) else { return nil }
    let mode = options.failureMode
    let counted = options.failingPages.isEmpty || route != .repositories ? nil : page
    if mode.recovers, !failsAgain(FailureKey(owner: key, route: route, page: counted)) {
      return nil
    }
    return mode
  }

  /// Counts a failing request of `key` in a mode that recovers; whether it still fails.
  private func failsAgain(_ key: FailureKey) -> Bool {
    let count = switches.withLock {
      $0.failuresSoFar[key, default: 0] += 1
      return $0.failuresSoFar[key, default: 0]
    }
    return count <= options.failureCount
  }

  static func altersText(_ mode: DemoFailureMode?) -> Bool {
    mode == .hostileText || mode == .wideText
  }

  /// Whether a request of `route` (of repositories `page`) fails in `round`: every one during
  /// an outage; else the routes named, or every route when only rounds are, in the rounds
  /// named, or every round; pages named narrow the repositories route to them.
  private func isFailing(_ route: Route, page: Int, round: Int) -> Bool {
    if outage { return true }
    let pages = options.failingPages
    let routes = options.failingRoutes.union(pages.isEmpty ? [] : [.repositories])
    let rounds = options.failingRounds
    guard !routes.isEmpty || !rounds.isEmpty else { return false }
    if route == .repositories, !pages.isEmpty, !pages.contains(page) { return false }
    return (routes.isEmpty || routes.contains(route)) && (rounds.isEmpty || rounds.contains(round))
  }

  func redirect(_ request: HTTPRequest, mode: DemoFailureMode) -> HTTPReply {
    let target = request.path + Self.query(of: request)
    let location: String
    if mode == .crossOrigin, let other = switches.withLock({ $0.otherOrigin }) {
      location = other.baseURL.absoluteString + target
    } else {
      location = "/redirected" + target
    }
    return .respond(
      HTTPResponse(status: mode == .redirect ? 301 : 302, headers: [("Location", location)]))
  }

  /// The latest requests the other origin received (for `cross-origin`), oldest first.
  public var otherOriginRequests: [HTTPRequest] {
    let other = switches.withLock { $0.otherOrigin }
    guard let other else { return [] }
    return requests.filter { $0.headers["host"]?.hasSuffix(":\(other.port)") == true }
  }

  /// `GET /repos/{owner}/{name}`: one repository of any owner, with the fields only this
  /// answer has; fails during an outage, and is slow as the profiles are.
  private func repository(_ request: HTTPRequest, owner: String, name: String, site: DemoSite)
    -> HTTPReply
  {
    let delay = options.organizationLatency
    if outage {
      return delayed(
        DemoFailureReply.status(503, "Service Unavailable (simulated outage)"), by: delay)
    }
    let name = name.removingPercentEncoding ?? name
    guard let owner = site.owner(login: owner.removingPercentEncoding ?? owner),
      let body = owner.repository(named: name)
    else { return delayed(DemoFailureReply.status(404, "Not Found"), by: delay) }
    return answers.tagged(.respond(json(body, delay: delay)), for: request)
  }
}
