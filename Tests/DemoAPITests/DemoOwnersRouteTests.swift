import ApexyLoader
import DemoOptions
import Foundation
import GitHubAPI
import XCTest

@testable import DemoAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The owners besides the main organization over HTTP: users and organizations by login or id,
/// their repositories' pages under the path asked, a renamed user's redirect, 404 for what is
/// not there, and failures counted for each owner apart.
final class DemoOwnersRouteTests: XCTestCase {
  /// One answer: its status, its JSON (when it is JSON) and its headers.
  private struct Answer {
    let status: Int
    let json: Any?
    let response: HTTPURLResponse

    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var items: [[String: Any]] { json as? [[String: Any]] ?? [] }
    var names: [String] { items.compactMap { $0["name"] as? String } }
    var link: String? { response.value(forHTTPHeaderField: "Link") }
  }

  /// Answers a redirect with the redirect itself instead of following it.
  private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }

  private var base = ""

  private func serve(_ options: DemoServer.Options = DemoServer.Options()) throws {
    let server = DemoServer(options: options.withoutDelays)
    base = try server.start().absoluteString
    addTeardownBlock { server.stop() }
  }

  /// `GET {base}{path}`, following redirects unless `following` is false.
  private func get(_ path: String, following: Bool = true) async throws -> Answer {
    let url = try XCTUnwrap(URL(string: base + path))
    let session =
      following
      ? URLSession.shared
      : URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
    defer { if !following { session.finishTasksAndInvalidate() } }
    let (data, response) = try await session.data(from: url)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    return Answer(
      status: http.statusCode, json: try? JSONSerialization.jsonObject(with: data),
      response: http)
  }

  /// Every page from `path` on, following `rel="next"` as GitHub's clients do.
  private func pages(_ path: String) async throws -> [Answer] {
    var next = URL(string: base + path)
    var pages: [Answer] = []
    while let url = next, pages.count < 10 {
      let page = try await get(String(url.absoluteString.dropFirst(base.count)))
      XCTAssertEqual(page.status, 200, url.absoluteString)
      pages.append(page)
      next = page.link.flatMap(LinkHeader.next)
    }
    return pages
  }

  /// The URLs a `Link` header names.
  private func linked(_ header: String?) -> [String] {
    (header ?? "").split(separator: ",").compactMap { part in
      part.split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["<", ">"])
      }
    }
  }

  func testUsersSaysWhetherAnOwnerIsAnOrganizationOrAUserInAnyCase() async throws {
    try serve()
    let organization = try await get("/users/SWIFT-Tools")
    XCTAssertEqual(organization.status, 200)
    XCTAssertEqual(organization.object["login"] as? String, "swift-tools")
    XCTAssertEqual(organization.object["type"] as? String, "Organization")
    XCTAssertEqual(organization.object["public_repos"] as? Int, 25)
    XCTAssertTrue(organization.object["bio"] is NSNull)
    let user = try await get("/users/Alice")
    XCTAssertEqual(user.object["login"] as? String, "alice")
    XCTAssertEqual(user.object["type"] as? String, "User")
    XCTAssertEqual(user.object["id"] as? Int, 1_001)
    XCTAssertEqual(user.object["public_repos"] as? Int, 4)
    XCTAssertNotNil(user.object["bio"] as? String)
    XCTAssertEqual(user.object["repos_url"] as? String, base + "/users/alice/repos")
    // The main organization says the same as its `/orgs` answer where the two overlap.
    let main = try await get("/users/redmadrobot").object
    let mainOrganization = try await get("/orgs/RedMadRobot").object
    for key in ["login", "id", "name", "public_repos", "type", "blog", "followers"] {
      XCTAssertEqual("\(main[key] ?? "none")", "\(mainOrganization[key] ?? "missing")", key)
    }
    XCTAssertEqual(main["public_repos"] as? Int, 36)
  }

  func testOrganizationRoutesAndUnknownLoginsAreNotFound() async throws {
    try serve()
    let paths = [
      "/orgs/alice", "/orgs/alice/repos", "/orgs/old-bob", "/users/nobody",
      "/users/nobody/repos", "/user/9999", "/user/alice", "/users/alice/gists",
      "/repos/alice/alice-repo-05",
    ]
    for path in paths {
      let answer = try await get(path)
      XCTAssertEqual(answer.status, 404, path)
      XCTAssertEqual(answer.object["message"] as? String, "Not Found", path)
      XCTAssertEqual(
        answer.object["documentation_url"] as? String, "https://docs.github.com/rest", path)
    }
    let organization = try await get("/orgs/Tiny-Org")
    XCTAssertEqual(organization.status, 200)
    XCTAssertEqual(organization.object["login"] as? String, "tiny-org")
    XCTAssertEqual(organization.object["public_repos"] as? Int, 2)
  }

  func testSwiftToolsComesInThreePagesLinkedUnderThePathAsked() async throws {
    try serve()
    let expected = (1...25).map { String(format: "swift-tools-repo-%02d", $0) }
    for prefix in ["/orgs/swift-tools", "/users/swift-tools"] {
      let pages = try await pages(prefix + "/repos")
      XCTAssertEqual(pages.map(\.items.count), [10, 10, 5], prefix)
      XCTAssertEqual(pages.flatMap(\.names), expected, prefix)
      let links = pages.flatMap { linked($0.link) }
      XCTAssertEqual(links.count, 8, prefix)
      for link in links {
        XCTAssertTrue(link.hasPrefix(base + prefix + "/repos?per_page=10&page="), link)
      }
      let first = try XCTUnwrap(pages.first?.items.first)
      XCTAssertEqual(first["full_name"] as? String, "swift-tools/swift-tools-repo-01")
      XCTAssertEqual((first["owner"] as? [String: Any])?["login"] as? String, "swift-tools")
    }
  }

  func testBobBuilderHasTwoPagesAndCarolAnEmptyList() async throws {
    try serve()
    let bob = try await pages("/users/bob-builder/repos")
    XCTAssertEqual(bob.map(\.items.count), [10, 2])
    XCTAssertEqual(bob.last?.names.last, "bob-builder-repo-12")
    let carol = try await get("/users/carol/repos")
    XCTAssertEqual(carol.status, 200)
    XCTAssertEqual((carol.json as? [Any])?.count, 0, "an empty array, as GitHub answers")
    XCTAssertNil(carol.link)
    let profile = try await get("/users/carol")
    XCTAssertEqual(profile.object["public_repos"] as? Int, 0)
  }

  func testARenamedUserRedirectsToItsIdWhichServesIt() async throws {
    try serve()
    let moved = try await get("/users/old-bob", following: false)
    XCTAssertEqual(moved.status, 301)
    XCTAssertEqual(moved.response.value(forHTTPHeaderField: "Location"), "/user/1002")
    let movedPage = try await get("/users/Old-Bob/repos?per_page=5&page=2", following: false)
    XCTAssertEqual(movedPage.status, 301)
    XCTAssertEqual(
      movedPage.response.value(forHTTPHeaderField: "Location"), "/user/1002/repos?per_page=5&page=2"
    )
    let followed = try await get("/users/old-bob")
    XCTAssertEqual(followed.status, 200)
    XCTAssertEqual(followed.object["login"] as? String, "bob-builder")
    XCTAssertEqual(followed.object["id"] as? Int, 1_002)
    let page = try await get("/users/old-bob/repos?per_page=5&page=2")
    XCTAssertEqual(page.names, (6...10).map { String(format: "bob-builder-repo-%02d", $0) })
    XCTAssertTrue(
      linked(page.link).allSatisfy { $0.hasPrefix(base + "/user/1002/repos?per_page=5&page=") },
      page.link ?? "no Link")
    let byID = try await pages("/user/1002/repos")
    XCTAssertEqual(byID.map(\.items.count), [10, 2])
  }

  func testAFlakyProfileFailsForEachOwnerApartThenRecovers() async throws {
    try serve(DemoServer.Options(failureMode: .flaky, failingRoutes: [.organization]))
    let count = DemoServerOptions.defaultFailureCount
    var statuses: [String: [Int]] = [:]
    for _ in 0...count {
      for path in ["/users/alice", "/orgs/swift-tools", "/orgs/RedMadRobot"] {
        statuses[path, default: []].append(try await get(path).status)
      }
    }
    let expected = Array(repeating: 503, count: count) + [200]
    XCTAssertEqual(statuses["/users/alice"], expected)
    XCTAssertEqual(statuses["/orgs/swift-tools"], expected)
    XCTAssertEqual(statuses["/orgs/RedMadRobot"], expected)
    // The same owner by another path has recovered; the repositories never failed.
    let byID = try await get("/user/1001")
    XCTAssertEqual(byID.status, 200)
    XCTAssertEqual(byID.object["login"] as? String, "alice")
    let bob = try await get("/users/bob-builder")
    XCTAssertEqual(bob.status, 503)
    let repositories = try await get("/users/bob-builder/repos")
    XCTAssertEqual(repositories.status, 200)
  }

  func testAUsersRepositoryIsServedByItsOwnerAndName() async throws {
    try serve()
    let listed = try await get("/users/alice/repos")
    XCTAssertEqual(listed.names, (1...4).map { String(format: "alice-repo-%02d", $0) })
    let answer = try await get("/repos/ALICE/alice-repo-03")
    XCTAssertEqual(answer.status, 200)
    XCTAssertEqual(answer.object["full_name"] as? String, "alice/alice-repo-03")
    XCTAssertEqual(answer.object["html_url"] as? String, "https://github.com/alice/alice-repo-03")
    let owner = answer.object["owner"] as? [String: Any]
    XCTAssertEqual(owner?["login"] as? String, "alice")
    XCTAssertEqual(owner?["type"] as? String, "User")
    XCTAssertEqual(owner?["id"] as? Int, 1_001)
    XCTAssertEqual(answer.object["id"] as? Int, listed.items[2]["id"] as? Int)
    XCTAssertNotNil(answer.object["subscribers_count"] as? Int)
  }

  func testEveryListedOwnerIsServedByLoginAndById() async throws {
    try serve()
    XCTAssertEqual(Set(DemoOwners.all.map(\.id)).count, DemoOwners.all.count)
    for owner in DemoOwners.all {
      let profile = try await get("/users/\(owner.login)").object
      XCTAssertEqual(profile["id"] as? Int, owner.id, owner.login)
      XCTAssertEqual(profile["type"] as? String, owner.kind.rawValue, owner.login)
      XCTAssertEqual(
        profile["public_repos"] as? Int, owner.repositoryCount ?? 36, owner.login)
      let byID = try await get("/user/\(owner.id)").object
      XCTAssertEqual(byID["login"] as? String, owner.login)
    }
    XCTAssertEqual(DemoOwners.renamed["old-bob"], "bob-builder")
  }
}
