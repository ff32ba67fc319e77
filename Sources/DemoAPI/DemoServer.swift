import Foundation
import LoopbackHTTP

/// The built-in GitHub-shaped server: one organization, its repositories over several pages,
/// per-route latency, and failures on demand.
public final class DemoServer: @unchecked Sendable {
  /// The two routes it serves.
  public enum Route: String, Sendable, CaseIterable {
    case organization = "org"
    case repositories = "repos"
  }

  /// What the server serves and how slowly.
  public struct Options: Sendable {
    /// The organization login served; other logins get 404.
    public var login: String
    /// Delay of the organization route, in seconds.
    public var organizationLatency: TimeInterval
    /// Delay of the repositories route, in seconds, spread over its pages.
    public var repositoriesLatency: TimeInterval
    /// The largest page the server hands out, whatever `per_page` asks.
    public var maximumPageSize: Int
    /// How many repositories to generate; `nil` serves the fixtures.
    public var repositoryCount: Int?
    /// How failing requests fail.
    public var failureMode: DemoFailureMode
    /// Routes that fail (all when empty and rounds are given).
    public var failingRoutes: Set<Route>
    /// Rounds (1-based, as set through `round`) that fail (all when empty and routes are given).
    public var failingRounds: Set<Int>

    /// The default delay of the organization route, in seconds (the iOS sample's).
    public static let defaultOrganizationLatency: TimeInterval = 3
    /// The default delay of the repositories route, in seconds (the iOS sample's).
    public static let defaultRepositoriesLatency: TimeInterval = 5
    /// The default largest page, so the 36 fixtures come in 4 pages.
    public static let defaultMaximumPageSize = 10
    /// The default way failing requests fail, and what `x` shows.
    public static let defaultFailureMode = DemoFailureMode.unavailable

    /// Creates a value from its parts.
    public init(
      login: String = DemoFixtures.login,
      organizationLatency: TimeInterval = defaultOrganizationLatency,
      repositoriesLatency: TimeInterval = defaultRepositoriesLatency,
      maximumPageSize: Int = defaultMaximumPageSize, repositoryCount: Int? = nil,
      failureMode: DemoFailureMode = defaultFailureMode, failingRoutes: Set<Route> = [],
      failingRounds: Set<Int> = []
    ) {
      self.login = login
      self.organizationLatency = organizationLatency
      self.repositoriesLatency = repositoriesLatency
      self.maximumPageSize = maximumPageSize
      self.repositoryCount = repositoryCount
      self.failureMode = failureMode
      self.failingRoutes = failingRoutes
      self.failingRounds = failingRounds
    }

  }

  private let options: Options
  private let lock = NSLock()
  private var outageOn = false
  private var currentRound = 1
  private var repositoryBodies: [Data] = []
  private var organizationBody = Data()
  private var hostileRepositoryBodies: [Data] = []
  private var hostileOrganizationBody = Data()
  private var server: HTTPServer?
  private var otherOrigin: HTTPServer?
  private let ready = NSCondition()
  private var isReady = false
  private var log: [HTTPRequest] = []
  private let answered = NSCondition()
  private var organizationAnswers: [Int: Int] = [:]
  private var orderedRounds: Set<Int> = []

  /// Creates the server; `start` binds it.
  public init(options: Options) {
    self.options = options
  }

  /// Whether every request fails now, as the `x` key toggles it.
  public var outage: Bool {
    get { lock.withLock { outageOn } }
    set { lock.withLock { outageOn = newValue } }
  }

  /// The fetch round in progress, for `failingRounds`; setting it starts an ordered round.
  public var round: Int {
    get { lock.withLock { currentRound } }
    set {
      lock.withLock { currentRound = newValue }
      answered.lock()
      orderedRounds.insert(newValue)
      answered.unlock()
    }
  }

  /// Binds to 127.0.0.1 (`port` 0 for an ephemeral one) and returns the base URL.
  public func start(port: UInt16 = 0) throws -> URL {
    let server = HTTPServer { [unowned self] in self.handle($0) }
    let bound = try server.start(port: port)
    let other = HTTPServer { [unowned self] in self.handle($0, redirecting: false) }
    if options.failureMode == .crossOrigin { try other.start() }
    lock.withLock {
      self.server = server
      otherOrigin = other
    }
    // The bodies are built off the caller's thread, so the app draws its first frame at once;
    // a request that comes first waits for them.
    let base = "http://127.0.0.1:\(bound)"
    Thread.detachNewThread { [self] in buildBodies(base: base) }
    return server.baseURL
  }

  private func buildBodies(base: String) {
    let repos = DemoFixtures.repositoryObjects(
      count: options.repositoryCount, owner: options.login, base: base)
    let organization = DemoFixtures.organizationJSON(
      login: options.login, repositoryCount: repos.count, base: base)
    let hostile =
      options.failureMode == .hostileText
      ? Self.hostileBodies(repos, organization: organization) : (Data(), [])
    let bodies = repos.map(JSONText.data)
    let organizationBody = JSONText.data(organization)
    ready.lock()
    repositoryBodies = bodies
    self.organizationBody = organizationBody
    (hostileOrganizationBody, hostileRepositoryBodies) = hostile
    isReady = true
    ready.broadcast()
    ready.unlock()
  }

  /// Waits until the bodies are built.
  private func waitUntilReady() {
    ready.lock()
    while !isReady { ready.wait() }
    ready.unlock()
  }

  private static func hostileBodies(_ repos: [[String: Any]], organization: [String: Any])
    -> (Data, [Data])
  {
    var organization = organization
    organization["name"] = DemoFailureReply.hostile("Red Mad Robot", index: 1)
    organization["description"] = DemoFailureReply.hostile("desc", index: 2)
    let repositories = repos.enumerated().map { index, repo -> Data in
      var repo = repo
      repo["name"] = DemoFailureReply.hostile((repo["name"] as? String) ?? "", index: index)
      repo["description"] = DemoFailureReply.hostile("about", index: index + 3)
      repo["language"] = DemoFailureReply.hostile("Swift", index: index + 5)
      return JSONText.data(repo)
    }
    return (JSONText.data(organization), repositories)
  }

  /// The latest requests received (at most 200), oldest first.
  public var requests: [HTTPRequest] { lock.withLock { log } }

  /// Stops serving.
  public func stop() {
    let (main, other) = lock.withLock { (server, otherOrigin) }
    main?.stop()
    other?.stop()
  }

  // MARK: - Routing

  private func handle(_ request: HTTPRequest, redirecting: Bool = true) -> HTTPReply {
    waitUntilReady()
    lock.withLock {
      log.append(request)
      if log.count > 200 { log.removeFirst() }
    }
    var path = request.path
    if path.hasPrefix("/redirected/") { path.removeFirst("/redirected".count) }
    let parts = path.split(separator: "/").map(String.init)
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
    if route == .repositories, request.queryValue("page") ?? "1" == "1" {
      waitForOrganization(round: round)
    }
    let mode: DemoFailureMode? = isFailing(route, round: round) ? options.failureMode : nil
    if let mode, let reply = DemoFailureReply.reply(mode, route: route, now: Date()) {
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
      let body = mode == .hostileText ? hostileOrganizationBody : organizationBody
      return .respond(json(body, delay: options.organizationLatency))
    case .repositories:
      return repositoriesPage(request, mode: mode)
    }
  }

  private func isFailing(_ route: Route, round: Int) -> Bool {
    if lock.withLock({ outageOn }) { return true }
    let routes = options.failingRoutes
    let rounds = options.failingRounds
    guard !routes.isEmpty || !rounds.isEmpty else { return false }
    return (routes.isEmpty || routes.contains(route)) && (rounds.isEmpty || rounds.contains(round))
  }

  private func redirect(_ request: HTTPRequest, mode: DemoFailureMode) -> HTTPReply {
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    let target = request.path + (query.isEmpty ? "" : "?" + query)
    let location: String
    if mode == .crossOrigin, let other = lock.withLock({ otherOrigin }) {
      location = other.baseURL.absoluteString + target
    } else {
      location = "/redirected" + target
    }
    return .respond(
      HTTPResponse(status: mode == .redirect ? 301 : 302, headers: [("Location", location)]))
  }

  /// The latest requests the other origin received (for `cross-origin`), oldest first.
  public var otherOriginRequests: [HTTPRequest] {
    let other = lock.withLock { otherOrigin }
    guard let other else { return [] }
    return requests.filter { $0.headers["host"]?.hasSuffix(":\(other.port)") == true }
  }

  // MARK: - Ordering

  /// In a round started through `round` (headless fetches), the repositories' first page is
  /// answered only after the app reported the organization's result with
  /// `organizationArrived(round:)`, as with the default delays (3 s before 5 s); with zero
  /// latency this keeps the order of state changes, and so headless output, the same from run
  /// to run. Interactive fetches never wait.
  private func waitForOrganization(round: Int) {
    guard options.repositoriesLatency <= options.organizationLatency else { return }
    let deadline = Date().addingTimeInterval(options.organizationLatency + 5)
    answered.lock()
    defer { answered.unlock() }
    guard orderedRounds.contains(round) else { return }
    while (organizationAnswers[round] ?? 0) == 0, answered.wait(until: deadline) {}
  }

  /// Tells the server the organization's result of `round` has reached the app.
  public func organizationArrived(round: Int) {
    answered.lock()
    organizationAnswers[round, default: 0] += 1
    answered.broadcast()
    answered.unlock()
  }

  private func repositoriesPage(_ request: HTTPRequest, mode: DemoFailureMode?) -> HTTPReply {
    let bodies = mode == .hostileText ? hostileRepositoryBodies : repositoryBodies
    let asked = Int(request.queryValue("per_page") ?? "") ?? 30
    let perPage = max(1, min(asked, 100, options.maximumPageSize))
    let pages = max(1, (bodies.count + perPage - 1) / perPage)
    let page = max(1, Int(request.queryValue("page") ?? "") ?? 1)
    let slice = bodies.dropFirst((page - 1) * perPage).prefix(perPage)
    var body = Data("[".utf8)
    for (offset, item) in slice.enumerated() {
      if offset > 0 { body.append(UInt8(ascii: ",")) }
      body.append(item)
    }
    body.append(UInt8(ascii: "]"))
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
