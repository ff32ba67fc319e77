import DemoOptions
import Foundation
import LoopbackHTTP

/// The owners' routes: profiles (`/orgs/NAME`, `/users/NAME`, `/user/ID`), their
/// repositories' pages (the same with `/repos`), and the redirect of a former login.
extension DemoServer {
  /// Answers `asked` for the owner it names in `site`: failures first, as the options say,
  /// then `redirecting` (the request was not redirected yet) redirects in the modes that do;
  /// otherwise the profile or the page, or 404 when there is no such owner there.
  func ownerRoute(
    _ request: HTTPRequest, _ asked: DemoOwnerPath, site: DemoSite, redirecting: Bool
  ) -> HTTPReply {
    let route = asked.route
    let found = asked.resolve(in: site)
    // Each owner fails and recovers on its own; its former login counts as the owner, and
    // a login no one has as one more owner.
    let key = found.map { "id \($0.bodies.owner.id)" } ?? "login \(asked.key.lowercased())"
    // The logins the app may know it by: its own, a former one, or the one asked.
    let logins =
      (found.map { bodies in
        [bodies.bodies.owner.login]
          + DemoOwners.renamed.filter { $0.value == bodies.bodies.owner.login }.map(\.key)
      } ?? []) + [asked.key]
    let mode = failure(route, owner: key, logins: logins, page: Self.page(of: request))
    if let mode,
      let reply = DemoFailureReply.reply(
        mode, route: route, now: Date(), retryAfter: options.retryAfterSeconds,
        rateLimit: options.rateLimit)
    {
      return delayed(reply, by: latency(route, pages: 1))
    }
    if redirecting, let mode, mode == .redirect || mode == .crossOrigin {
      return redirect(request, mode: mode)
    }
    guard let (bodies, renamed) = found,
      asked.prefix != .orgs || bodies.owner.kind == .organization
    else {
      return delayed(DemoFailureReply.status(404, "Not Found"), by: latency(route, pages: 1))
    }
    if renamed {
      return moved(request, to: bodies.owner, route: route)
    }
    let altered = Self.altersText(mode)
    switch route {
    case .organization:
      let body =
        asked.prefix == .orgs
        ? (altered ? bodies.hostileOrganization : bodies.organization)
        : (altered ? bodies.hostileUser : bodies.user)
      return answers.tagged(.respond(json(body, delay: options.organizationLatency)), for: request)
    case .repositories:
      let page = repositoriesPage(
        request, bodies: bodies, path: asked.repositoriesPath(of: bodies.owner), mode: mode)
      return answers.tagged(page, for: request)
    }
  }

  /// `301 Moved Permanently` to `/user/ID` (or `/user/ID/repos` with the same query), as
  /// GitHub answers a renamed user's former login.
  private func moved(_ request: HTTPRequest, to owner: DemoOwner, route: Route) -> HTTPReply {
    let path = "/user/\(owner.id)" + (route == .repositories ? "/repos" : "")
    let location = path + Self.query(of: request)
    let host = request.headers["host"] ?? "127.0.0.1"
    let text =
      #"{"message":"Moved Permanently","url":"http://\#(host)\#(location)","#
      + #""documentation_url":"https://docs.github.com/v3/#http-redirects"}"#
    return .respond(
      HTTPResponse(
        status: 301, headers: DemoFailureReply.jsonHeaders + [("Location", location)],
        body: Data(text.utf8)))
  }

  /// `?` and the request's query, encoded again; empty when it has none.
  static func query(of request: HTTPRequest) -> String {
    guard !request.query.isEmpty else { return "" }
    var components = URLComponents()
    components.queryItems = request.query.map { URLQueryItem(name: $0.name, value: $0.value) }
    return "?" + (components.percentEncodedQuery ?? "")
  }

  // MARK: - Pages

  /// The page of `bodies`' repositories `request` asks for, its `Link` header naming pages
  /// under `path`.
  private func repositoriesPage(
    _ request: HTTPRequest, bodies: DemoBodies, path: String, mode: DemoFailureMode?
  ) -> HTTPReply {
    let asked = Int(request.queryValue("per_page") ?? "") ?? 30
    let perPage = max(1, min(asked, 100, options.maximumPageSize))
    let pages = max(1, (bodies.repositoryCount + perPage - 1) / perPage)
    let page = Self.page(of: request)
    // Past the last page is empty, as on GitHub; clamping first keeps the product in range.
    let first = (min(page, pages + 1) - 1) * perPage
    let body = bodies.repositories(first..<first + perPage, altered: Self.altersText(mode))
    var response = json(body, delay: latency(.repositories, pages: pages))
    let host = request.headers["host"] ?? "127.0.0.1"
    let link = { (number: Int, rel: String) in
      "<http://\(host)\(path)?per_page=\(perPage)&page=\(number)>; rel=\"\(rel)\""
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

  /// The repositories page `request` asks for (1-based): its `page` query parameter, 1 when
  /// there is none or it is not a number above 0.
  static func page(of request: HTTPRequest) -> Int {
    max(1, Int(request.queryValue("page") ?? "") ?? 1)
  }

  /// The delay of one answer of `route` for an owner with `pages` pages of repositories: the
  /// page latency when given, else the repositories latency spread over the pages.
  func latency(_ route: Route, pages: Int) -> TimeInterval {
    switch route {
    case .organization: return options.organizationLatency
    case .repositories: return options.pageLatency ?? options.repositoriesLatency / Double(pages)
    }
  }

  /// `reply` answered after `seconds`.
  func delayed(_ reply: HTTPReply, by seconds: TimeInterval) -> HTTPReply {
    guard case .respond(var response) = reply else { return reply }
    response.delay = seconds
    return .respond(response)
  }

  /// A `200` with the JSON `body`, answered after `delay`.
  func json(_ body: Data, delay: TimeInterval) -> HTTPResponse {
    HTTPResponse(status: 200, headers: DemoFailureReply.jsonHeaders, body: body, delay: delay)
  }
}
