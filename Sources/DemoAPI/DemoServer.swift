import DemoOptions
import Foundation
import Locking
import LoopbackHTTP

/// The built-in GitHub-shaped server: one organization, its repositories over several pages,
/// per-route latency, and failures on demand.
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
    var failuresSoFar: [Route: Int] = [:]
  }

  private let options: Options
  private let switches = Locked(Switches())
  /// The bodies, built once off the caller's thread; `built` is left when they are there.
  private let bodies = Locked<DemoBodies?>(nil)
  private let built = DispatchGroup()
  private let answers = DemoResponseHeaders()

  /// Creates the server; `start` binds it.
  public init(options: Options) {
    self.options = options
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
      let made = DemoBodies(options: options, base: base)
      bodies.withLock { $0 = made }
      built.leave()
    }
    return server.baseURL
  }

  /// Waits until the bodies are built, and returns them.
  private func waitForBodies() -> DemoBodies {
    built.wait()
    return bodies.withLock { $0! }
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

  private func handle(_ request: HTTPRequest, redirecting: Bool = true) -> HTTPReply {
    let bodies = waitForBodies()
    let observer = switches.withLock {
      $0.log.append(request)
      if $0.log.count > 200 { $0.log.removeFirst() }
      return $0.requestObserver
    }
    observer?(request)
    var path = request.path
    if path.hasPrefix("/redirected/") { path.removeFirst("/redirected".count) }
    let parts = path.split(separator: "/").map(String.init)
    if request.method == "GET", parts.count == 3, parts[0] == "repos" {
      return repository(request, owner: parts[1], name: parts[2], bodies: bodies)
    }
    guard request.method == "GET", parts.count >= 2, parts[0] == "orgs" else {
      return DemoFailureReply.status(404, "Not Found")
    }
    let route: Route
    switch parts.count {
    case 2: route = .organization
    case 3 where parts[2] == "repos": route = .repositories
    default: return DemoFailureReply.status(404, "Not Found")
    }
    let round = self.round
    var mode: DemoFailureMode? = isFailing(route, round: round) ? options.failureMode : nil
    if let recovering = mode, recovering.recovers, !failsAgain(route) { mode = nil }
    if let mode,
      let reply = DemoFailureReply.reply(
        mode, route: route, now: Date(), retryAfter: options.retryAfterSeconds)
    {
      return delayed(reply, by: latency(route, pages: 1))
    }
    if redirecting, request.path == path, let mode, mode == .redirect || mode == .crossOrigin {
      return redirect(request, mode: mode)
    }
    guard parts[1].lowercased() == options.login.lowercased() else {
      return delayed(DemoFailureReply.status(404, "Not Found"), by: latency(route, pages: 1))
    }
    switch route {
    case .organization:
      let body = Self.altersText(mode) ? bodies.hostileOrganization : bodies.organization
      return answers.finish(.respond(json(body, delay: options.organizationLatency)), for: request)
    case .repositories:
      return answers.finish(repositoriesPage(request, bodies: bodies, mode: mode), for: request)
    }
  }

  /// Counts a failing request of `route` in a mode that recovers; whether it still fails.
  private func failsAgain(_ route: Route) -> Bool {
    let count = switches.withLock {
      $0.failuresSoFar[route, default: 0] += 1
      return $0.failuresSoFar[route, default: 0]
    }
    return count <= options.failureCount
  }

  private static func altersText(_ mode: DemoFailureMode?) -> Bool {
    mode == .hostileText || mode == .wideText
  }

  private func isFailing(_ route: Route, round: Int) -> Bool {
    if outage { return true }
    let routes = options.failingRoutes
    let rounds = options.failingRounds
    guard !routes.isEmpty || !rounds.isEmpty else { return false }
    return (routes.isEmpty || routes.contains(route)) && (rounds.isEmpty || rounds.contains(round))
  }

  private func redirect(_ request: HTTPRequest, mode: DemoFailureMode) -> HTTPReply {
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    let target = request.path + (query.isEmpty ? "" : "?" + query)
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

  /// `GET /repos/{owner}/{name}`: one repository with the fields only this answer has;
  /// fails during an outage, and is slow as the organization is.
  private func repository(_ request: HTTPRequest, owner: String, name: String, bodies: DemoBodies)
    -> HTTPReply
  {
    let delay = options.organizationLatency
    if outage {
      return delayed(
        DemoFailureReply.status(503, "Service Unavailable (simulated outage)"), by: delay)
    }
    let name = name.removingPercentEncoding ?? name
    guard (owner.removingPercentEncoding ?? owner).lowercased() == options.login.lowercased(),
      let body = bodies.repository(named: name)
    else { return delayed(DemoFailureReply.status(404, "Not Found"), by: delay) }
    return answers.finish(.respond(json(body, delay: delay)), for: request)
  }

  // MARK: - Pages

  private func repositoriesPage(_ request: HTTPRequest, bodies: DemoBodies, mode: DemoFailureMode?)
    -> HTTPReply
  {
    let asked = Int(request.queryValue("per_page") ?? "") ?? 30
    let perPage = max(1, min(asked, 100, options.maximumPageSize))
    let pages = max(1, (bodies.repositoryCount + perPage - 1) / perPage)
    let page = max(1, Int(request.queryValue("page") ?? "") ?? 1)
    // Past the last page is empty, as on GitHub; clamping first keeps the product in range.
    let first = (min(page, pages + 1) - 1) * perPage
    let body = bodies.repositories(first..<first + perPage, altered: Self.altersText(mode))
    var response = json(body, delay: latency(.repositories, pages: pages))
    let host = request.headers["host"] ?? "127.0.0.1"
    let link = { (number: Int, rel: String) in
      "<http://\(host)/orgs/\(self.options.login)/repos?per_page=\(perPage)&page=\(number)>; rel=\"\(rel)\""
    }
    var links: [String] = []
    switch mode {
    case .linkLoop?:
      links = [link(1, "next")]
    case .endlessPages?:
      links = [link(page + 1, "next")]
    default:
      if page < pages { links += [link(page + 1, "next"), link(pages, "last")] }
      if page > 1 { links += [link(page - 1, "prev"), link(1, "first")] }
    }
    if !links.isEmpty { response.headers.append(("Link", links.joined(separator: ", "))) }
    return .respond(response)
  }

  private func latency(_ route: Route, pages: Int) -> TimeInterval {
    switch route {
    case .organization: return options.organizationLatency
    case .repositories: return options.repositoriesLatency / Double(pages)
    }
  }

  private func delayed(_ reply: HTTPReply, by seconds: TimeInterval) -> HTTPReply {
    guard case .respond(var response) = reply else { return reply }
    response.delay = seconds
    return .respond(response)
  }

  private func json(_ body: Data, delay: TimeInterval) -> HTTPResponse {
    HTTPResponse(status: 200, headers: DemoFailureReply.jsonHeaders, body: body, delay: delay)
  }
}
