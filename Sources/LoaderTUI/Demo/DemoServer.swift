import Foundation
import LoopbackHTTP

/// The built-in GitHub-shaped server: one organization, its repositories over several pages,
/// per-route latency, and failures on demand.
final class DemoServer: @unchecked Sendable {
  /// The two routes it serves.
  enum Route: String, Sendable, CaseIterable {
    case organization = "org"
    case repositories = "repos"
  }

  /// How a failing request fails.
  enum FailureMode: String, Sendable {
    /// `503 Service Unavailable` with a GitHub-style JSON message.
    case unavailable = "503"
    /// The connection is closed without a response.
    case drop
  }

  /// What the server serves and how slowly.
  struct Options: Sendable {
    /// The organization login served; other logins get 404.
    var login = DemoFixtures.login
    /// Delay of the organization route, in seconds.
    var organizationLatency: TimeInterval = 3
    /// Delay of the repositories route, in seconds, spread over its pages.
    var repositoriesLatency: TimeInterval = 5
    /// The largest page the server hands out, whatever `per_page` asks.
    var maximumPageSize = 10
    /// How many repositories to generate; `nil` serves the fixtures.
    var repositoryCount: Int?
    /// How failing requests fail.
    var failureMode = FailureMode.unavailable
    /// Routes that always fail.
    var failingRoutes: Set<Route> = []
    /// Rounds (1-based, as set through `round`) in which every request fails.
    var failingRounds: Set<Int> = []
  }

  private let options: Options
  private let lock = NSLock()
  private var outageOn = false
  private var currentRound = 1
  private var repositoryBodies: [Data] = []
  private var organizationBody = Data()
  private var server: HTTPServer?
  private var log: [HTTPRequest] = []
  private let answered = NSCondition()
  private var organizationAnswers: [Int: Int] = [:]
  private var orderedRounds: Set<Int> = []

  /// Creates the server; `start` binds it.
  init(options: Options) {
    self.options = options
  }

  /// Whether every request fails now, as the `x` key toggles it.
  var outage: Bool {
    get { lock.withLock { outageOn } }
    set { lock.withLock { outageOn = newValue } }
  }

  /// The fetch round in progress, for `failingRounds`; setting it starts an ordered round.
  var round: Int {
    get { lock.withLock { currentRound } }
    set {
      lock.withLock { currentRound = newValue }
      answered.lock()
      orderedRounds.insert(newValue)
      answered.unlock()
    }
  }

  /// Binds to 127.0.0.1 (`port` 0 for an ephemeral one) and returns the base URL.
  func start(port: UInt16 = 0) throws -> URL {
    let server = HTTPServer { [unowned self] in self.handle($0) }
    let bound = try server.start(port: port)
    let base = "http://127.0.0.1:\(bound)"
    let repos = DemoFixtures.repositoryObjects(
      count: options.repositoryCount, owner: options.login, base: base)
    let bodies = repos.map { (try? JSONSerialization.data(withJSONObject: $0)) ?? Data() }
    let organization = DemoFixtures.organizationJSON(
      login: options.login, repositoryCount: repos.count, base: base)
    lock.withLock {
      repositoryBodies = bodies
      organizationBody = (try? JSONSerialization.data(withJSONObject: organization)) ?? Data()
      self.server = server
    }
    return server.baseURL
  }

  /// The latest requests received (at most 200), oldest first.
  var requests: [HTTPRequest] { lock.withLock { log } }

  /// Stops serving.
  func stop() {
    lock.withLock { server }?.stop()
  }

  // MARK: - Routing

  private func handle(_ request: HTTPRequest) -> HTTPReply {
    lock.withLock {
      log.append(request)
      if log.count > 200 { log.removeFirst() }
    }
    let parts = request.path.split(separator: "/").map(String.init)
    guard request.method == "GET", parts.count >= 2, parts[0] == "orgs" else {
      return notFound()
    }
    let route: Route
    switch parts.count {
    case 2: route = .organization
    case 3 where parts[2] == "repos": route = .repositories
    default: return notFound()
    }
    let round = self.round
    if route == .repositories, request.queryValue("page") ?? "1" == "1" {
      waitForOrganization(round: round)
    }
    return answer(request, route: route, login: parts[1])
  }

  private func answer(_ request: HTTPRequest, route: Route, login: String) -> HTTPReply {
    if let failure = failure(for: route) { return failure }
    guard login.lowercased() == options.login.lowercased() else {
      return delayed(notFound(), by: latency(route, pages: 1))
    }
    switch route {
    case .organization:
      let body = lock.withLock { organizationBody }
      return .respond(json(body, delay: options.organizationLatency))
    case .repositories:
      return repositoriesPage(request)
    }
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
  func organizationArrived(round: Int) {
    answered.lock()
    organizationAnswers[round, default: 0] += 1
    answered.broadcast()
    answered.unlock()
  }

  private func repositoriesPage(_ request: HTTPRequest) -> HTTPReply {
    let bodies = lock.withLock { repositoryBodies }
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
    if page < pages { links += [link(page + 1, "next"), link(pages, "last")] }
    if page > 1 { links += [link(page - 1, "prev"), link(1, "first")] }
    if !links.isEmpty { response.headers.append(("Link", links.joined(separator: ", "))) }
    return .respond(response)
  }

  private func latency(_ route: Route, pages: Int) -> TimeInterval {
    switch route {
    case .organization: return options.organizationLatency
    case .repositories: return options.repositoriesLatency / Double(pages)
    }
  }

  private func failure(for route: Route) -> HTTPReply? {
    let (outage, round) = lock.withLock { (outageOn, currentRound) }
    guard outage || options.failingRoutes.contains(route) || options.failingRounds.contains(round)
    else { return nil }
    switch options.failureMode {
    case .drop:
      return .drop
    case .unavailable:
      let body = #"{"message":"Service Unavailable (simulated outage)","status":"503"}"#
      return delayed(
        .respond(HTTPResponse(status: 503, headers: Self.jsonHeaders, body: Data(body.utf8))),
        by: latency(route, pages: 1))
    }
  }

  private func notFound() -> HTTPReply {
    let body =
      #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#
    return .respond(HTTPResponse(status: 404, headers: Self.jsonHeaders, body: Data(body.utf8)))
  }

  private func delayed(_ reply: HTTPReply, by seconds: TimeInterval) -> HTTPReply {
    guard case .respond(var response) = reply else { return reply }
    response.delay = seconds
    return .respond(response)
  }

  private func json(_ body: Data, delay: TimeInterval) -> HTTPResponse {
    HTTPResponse(status: 200, headers: Self.jsonHeaders, body: body, delay: delay)
  }

  private static let jsonHeaders = [
    (name: "Content-Type", value: "application/json; charset=utf-8"),
    (name: "X-GitHub-Api-Version-Selected", value: "2022-11-28"),
  ]
}
