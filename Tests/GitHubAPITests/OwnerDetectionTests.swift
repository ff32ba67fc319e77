import ApexyLoader
import DemoAPI
import Foundation
import GitHubAPI
import LoopbackHTTP
import XCTest

/// An owner's kind comes from `GET /users/NAME` and decides where its repositories are listed:
/// against the built-in server, and against GitHub's own answers (a user, an organization, a
/// name that is neither, a renamed user redirected to `/user/ID`).
@MainActor
final class OwnerDetectionTests: XCTestCase {
  private var servers: [HTTPServer] = []

  override func tearDown() async throws {
    servers.forEach { $0.stop() }
    servers = []
  }

  /// The owner `login` of unknown kind, on loaders talking to `base`.
  private func owner(_ login: String, at base: URL) -> OwnerLoaders {
    let loaders = GitHubLoaders(
      client: GitHubConfiguration(baseURL: base, owner: "RedMadRobot", ownerKind: .organization)
        .makeClient(
          userAgent: "GitHubAPITests/1"),
      configuration: GitHubConfiguration(
        baseURL: base, owner: "RedMadRobot", ownerKind: .organization),
      policies: LoaderPolicies())
    return loaders.owner(GitHubLogin(login))
  }

  /// Loads both of `owner`'s loaders and waits until neither loads.
  private func settle(_ owner: OwnerLoaders) async {
    owner.fetchBoth()
    for await state in owner.repositories.states where !state.isLoading { break }
    for await state in owner.owner.states where !state.isLoading { break }
  }

  private func builtIn() throws -> (DemoServer, URL) {
    let server = DemoServer(options: DemoServer.Options().withoutDelays)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    return (server, url)
  }

  func testTheBuiltInServerTellsAUserFromAnOrganization() async throws {
    let (server, url) = try builtIn()
    let alice = owner("ALICE", at: url)
    await settle(alice)
    XCTAssertEqual(alice.kind, .user)
    XCTAssertEqual(alice.repositories.state.content?.count, 4)
    let tools = owner("swift-tools", at: url)
    await settle(tools)
    XCTAssertEqual(tools.kind, .organization)
    XCTAssertEqual(tools.repositories.state.content?.count, 25, "three pages")
    let paths = server.requests.map(\.path)
    XCTAssertTrue(paths.contains("/users/ALICE/repos"), "\(paths)")
    XCTAssertTrue(paths.contains("/orgs/swift-tools/repos"), "\(paths)")
    XCTAssertEqual(
      paths.filter { $0.lowercased() == "/users/alice" }.count, 1,
      "the kind is asked once: the repositories wait for the owner's answer")
  }

  func testANameThatIsNeitherFailsBothLoadersInOneLine() async throws {
    let (_, url) = try builtIn()
    let nobody = owner("nobody-here", at: url)
    await settle(nobody)
    XCTAssertEqual(
      nobody.owner.state.error as? GitHubError, .noSuchOwner(login: "nobody-here"))
    XCTAssertEqual(
      nobody.repositories.state.error as? GitHubError, .noSuchOwner(login: "nobody-here"))
    XCTAssertNil(nobody.kind)
  }

  // MARK: - GitHub's answers

  /// A server answering GitHub's shapes: octocat (renamed from `old-octo`, which redirects to
  /// `/user/583231` as GitHub does) and the github organization.
  private func gitHub() throws -> URL {
    let server = HTTPServer { request in
      let json = [("Content-Type", "application/json; charset=utf-8")]
      func reply(_ status: Int, _ body: String, _ headers: [(String, String)] = json) -> HTTPReply {
        .respond(
          HTTPResponse(
            status: status, headers: headers.map { (name: $0.0, value: $0.1) },
            body: Data(body.utf8)))
      }
      switch request.path {
      case "/users/octocat", "/user/583231": return reply(200, GitHubOwnerAnswers.octocat)
      case "/users/octocat/repos", "/user/583231/repos":
        return reply(
          200, "[" + GitHubOwnerAnswers.repository("octocat", "Hello-World", type: "User") + "]")
      case "/users/old-octo": return reply(301, "", [("Location", "/user/583231")])
      case "/users/old-octo/repos":
        return reply(301, "", [("Location", "/user/583231/repos?per_page=100&page=1")])
      case "/users/github", "/orgs/github": return reply(200, GitHubOwnerAnswers.github)
      case "/orgs/github/repos":
        return reply(
          200, "[" + GitHubOwnerAnswers.repository("github", "docs", type: "Organization") + "]")
      default: return reply(404, GitHubOwnerAnswers.notFound)
      }
    }
    try server.start()
    servers.append(server)
    return server.baseURL
  }

  func testGitHubsUserOrganizationAndNeither() async throws {
    let url = try gitHub()
    let octocat = owner("octocat", at: url)
    await settle(octocat)
    XCTAssertEqual(octocat.kind, .user)
    XCTAssertEqual(octocat.owner.state.content?.displayName, "The Octocat")
    XCTAssertEqual(octocat.repositories.state.content?.map(\.name), ["Hello-World"])
    let github = owner("github", at: url)
    await settle(github)
    XCTAssertEqual(github.kind, .organization)
    XCTAssertEqual(github.owner.state.content?.description, "How people build software.")
    XCTAssertEqual(
      github.repositories.state.content?.map(\.name), ["docs"], "from /orgs/github/repos")
    let neither = owner("no-one", at: url)
    await settle(neither)
    XCTAssertEqual(neither.repositories.state.error as? GitHubError, .noSuchOwner(login: "no-one"))
  }

  func testARenamedUserAnswersThroughItsRedirect() async throws {
    let url = try gitHub()
    let renamed = owner("old-octo", at: url)
    await settle(renamed)
    XCTAssertEqual(renamed.kind, .user)
    XCTAssertEqual(renamed.owner.state.content?.login, "octocat", "the new login")
    XCTAssertEqual(renamed.repositories.state.content?.map(\.name), ["Hello-World"])
  }

  func testAKnownKindAsksNoProfileBeforeTheRepositories() async throws {
    let (server, url) = try builtIn()
    let loaders = GitHubLoaders(
      client: GitHubConfiguration(baseURL: url, owner: "alice", ownerKind: .organization)
        .makeClient(userAgent: "t/1"),
      configuration: GitHubConfiguration(baseURL: url, owner: "alice", ownerKind: .user),
      policies: LoaderPolicies())
    loaders.firstOwner.repositories.load()
    for await state in loaders.firstOwner.repositories.states where !state.isLoading { break }
    XCTAssertEqual(loaders.firstOwner.repositories.state.content?.count, 4)
    XCTAssertEqual(server.requests.map(\.path), ["/users/alice/repos"])
  }
}

/// What GitHub answers for owners, as recorded.
enum GitHubOwnerAnswers {
  /// GitHub's `/users/octocat`, as it answers (fields it sends, nulls included).
  static let octocat = """
    {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==",\
    "avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"",\
    "url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat",\
    "type":"User","user_view_type":"public","site_admin":false,"name":"The Octocat",\
    "company":"@github","blog":"https://github.blog","location":"San Francisco","email":null,\
    "hireable":null,"bio":null,"twitter_username":null,"public_repos":8,"public_gists":8,\
    "followers":21000,"following":9,"created_at":"2011-01-25T18:44:36Z",\
    "updated_at":"2025-11-22T12:00:00Z"}
    """

  /// GitHub's `/users/github`: an organization answers on the users path too.
  static let github = """
    {"login":"github","id":9919,"node_id":"MDEyOk9yZ2FuaXphdGlvbjk5MTk=",\
    "url":"https://api.github.com/users/github","type":"Organization","user_view_type":"public",\
    "site_admin":false,"name":"GitHub","company":null,"blog":"https://github.com/about",\
    "location":"San Francisco, CA","email":null,"hireable":null,"bio":"How people build software.",\
    "twitter_username":null,"public_repos":500,"public_gists":0,"followers":50000,"following":0,\
    "created_at":"2008-05-11T04:37:31Z","updated_at":"2025-10-01T00:00:00Z"}
    """

  static let notFound =
    #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#

  static func repository(_ owner: String, _ name: String, type: String) -> String {
    """
    {"id":1,"name":"\(name)","full_name":"\(owner)/\(name)","private":false,\
    "owner":{"login":"\(owner)","id":2,"type":"\(type)"},"description":null,"fork":false,\
    "language":null,"stargazers_count":3,"license":null,"topics":[]}
    """
  }
}
