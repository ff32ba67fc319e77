import ApexyHTTP
import GitHubAPI
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's bases and endpoints reach the URLs they always did: `GitHubRequestAdapter` keeps the
/// API root with a trailing slash, so RFC 3986 resolution (`BaseRequestAdapter`) puts every
/// endpoint's relative path below it, and the absolute `Link` URLs of later pages stay as sent.
final class GitHubRequestURLTests: XCTestCase {
  private let sanitizer = TextSanitizer()

  private func url<E: Endpoint>(_ endpoint: E, base: String) throws -> String? {
    let adapter = GitHubRequestAdapter(baseURL: URL(string: base)!, token: nil, userAgent: "t/1")
    return try adapter.adapt(endpoint.makeRequest()).url?.absoluteString
  }

  func testEveryAppBaseGivesTheEndpointsTheirURLs() throws {
    let roots = [
      "https://api.github.com": "https://api.github.com/",
      "https://api.github.com/": "https://api.github.com/",
      "https://ghe.example/api/v3": "https://ghe.example/api/v3/",
      "https://ghe.example/api/v3/": "https://ghe.example/api/v3/",
      "http://127.0.0.1:49152": "http://127.0.0.1:49152/",
    ]
    for (base, root) in roots {
      XCTAssertEqual(
        try url(
          OwnerEndpoint(login: "RedMadRobot", kind: .organization, sanitizer: sanitizer), base: base
        ),
        root + "orgs/RedMadRobot", base)
      XCTAssertEqual(
        try url(
          RepositoriesPageEndpoint.firstPage(
            login: "RedMadRobot", kind: .organization, sanitizer: sanitizer), base: base),
        root + "orgs/RedMadRobot/repos?per_page=100&page=1", base)
      XCTAssertEqual(
        try url(
          RepositoryEndpoint(owner: "RedMadRobot", name: "apexy", sanitizer: sanitizer), base: base),
        root + "repos/RedMadRobot/apexy", base)
    }
  }

  func testAPagesAbsoluteLinkURLIsSentAsItCame() throws {
    let next = URL(string: "https://ghe.example/api/v3/organizations/7/repos?per_page=100&page=2")!
    let page = RepositoriesPageEndpoint(
      login: "x", kind: .organization, url: next, sanitizer: sanitizer)
    XCTAssertEqual(try url(page, base: "https://ghe.example/api/v3"), next.absoluteString)
  }

  func testAnEscapedLoginStaysOneSegmentBelowTheRoot() throws {
    XCTAssertEqual(
      try url(
        OwnerEndpoint(login: "a/b c", kind: .organization, sanitizer: sanitizer),
        base: "https://h.test/api"),
      "https://h.test/api/orgs/a%2Fb%20c")
  }

  func testARootGivenAnyWayEndsInOneSlash() {
    let base = URL(string: "https://h.test/")!
    let roots: [(URL, String)] = [
      (URL(string: "http://[::1]:8080/api")!, "http://[::1]:8080/api/"),
      (URL(string: "https://u:p@h.test/a%20b")!, "https://u:p@h.test/a%20b/"),
      (URL(string: "api/v3", relativeTo: base)!, "https://h.test/api/v3/"),
      (URL(string: "api/v3/", relativeTo: base)!, "https://h.test/api/v3/"),
      (URL(string: "https://h.test/api#top")!, "https://h.test/api/"),
      (URL(string: "https://h.test/api/?q=1#top")!, "https://h.test/api/"),
    ]
    for (url, root) in roots {
      XCTAssertEqual(GitHubRequestAdapter.apiRoot(url).absoluteString, root, url.absoluteString)
    }
  }

  func testSettingTheBaseKeepsItAFolder() throws {
    let adapter = GitHubRequestAdapter(
      baseURL: URL(string: "https://api.github.com")!, token: nil, userAgent: "t/1")
    adapter.baseURL = URL(string: "https://ghe.example/api/v3?x=1")!
    XCTAssertEqual(adapter.baseURL.absoluteString, "https://ghe.example/api/v3/")
  }

  func testTheHostDescriptionIsTheHostAndThePort() {
    let table: [(String, String)] = [
      ("http://127.0.0.1:8080/", "127.0.0.1:8080"),
      ("https://api.github.com", "api.github.com"),
      ("https://ghe.example.com:8443/api/v3", "ghe.example.com:8443"),
      ("http://[::1]:9/", "[::1]:9"),
      ("file:///tmp/x", ""),
    ]
    for (text, expected) in table {
      let url = URL(string: text)!
      let configuration = GitHubConfiguration(baseURL: url, owner: "o", ownerKind: .organization)
      XCTAssertEqual(configuration.hostDescription, expected, text)
    }
  }
}
