import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The app's cache entries: only the shown fields, cleaned again when read, never the token;
/// validators keyed so the built-in server's next port still matches them.
final class GitHubCacheTests: XCTestCase {
  private let token = "ghp_secretTOKEN1234"

  private func entryBytes(_ store: FileCacheStore) throws -> Data {
    let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
    XCTAssertEqual(names.count, 1)
    return try Data(contentsOf: store.directory.appendingPathComponent(names[0]))
  }

  func testOrganizationRoundTripKeepsEveryShownField() throws {
    let codec = GitHubCacheCodecs.owner(sanitizer: TextSanitizer())
    let organization = Owner(
      login: "RedMadRobot", name: "Red Mad Robot", description: "Mobile apps", publicRepos: 36)
    XCTAssertEqual(try codec.decode(try codec.encode(organization)), organization)
  }

  func testRepositoriesRoundTripKeepsEveryShownField() throws {
    let codec = GitHubCacheCodecs.repositories(sanitizer: TextSanitizer())
    let repositories: RepositoryList = [
      Repository(name: "Apexy", description: "Network", language: "Swift", stargazersCount: 207),
      Repository(name: "fork\u{1B}[2J", stargazersCount: 1, fork: true),
      Repository(
        name: "details",
        details: RepositoryDetails(
          fullName: "o/details", forksCount: 3, openIssuesCount: 4, license: "MIT",
          topics: ["ios", "swift"], pushedAt: Date(timeIntervalSince1970: 1_790_000_000),
          htmlURL: "https://github.com/o/details")),
      Repository(name: "no-page", details: RepositoryDetails(fullName: "o/no-page")),
      Repository(
        name: "elsewhere",
        details: RepositoryDetails(
          fullName: "o/elsewhere", htmlURL: "https://ghe.example/o/elsewhere")),
    ]
    XCTAssertEqual(try codec.decode(try codec.encode(repositories)), repositories)
  }

  func testHostileTextStaysCleanedAndTheTokenIsNeverStored() throws {
    let sanitizer = TextSanitizer(secrets: [token])
    let store = temporaryStore("github-cache")
    let key = LoaderCacheKey(namespace: "https://api.example", name: "repos x")
    let cache = LoaderCache(
      store: store, key: key, codec: GitHubCacheCodecs.repositories(sanitizer: sanitizer))
    let hostile = Repository(
      name: "evil\u{1B}]0;title\u{07}\(token)", description: "token \(token) \u{202E}rtl",
      language: "Swift", sanitizer: sanitizer)
    let entry = LoaderCacheEntry(
      content: try cache.codec.encode([hostile]), contentVersion: cache.codec.version,
      lastConfirmed: Date())
    try store.write(entry, for: key)
    let bytes = try entryBytes(store)
    XCTAssertNil(bytes.range(of: Data(token.utf8)), "the token is in the cache file")
    // The text of the file: its header and content, between the fixed-size numbers before
    // them (magic, version, lengths: 24 bytes) and the checksum after (8 bytes), whose bytes
    // can be 0x1B by chance.
    let text = bytes.dropFirst(24).dropLast(8)
    XCTAssertEqual(text.first, UInt8(ascii: "{"), "the header starts the text")
    XCTAssertNil(text.range(of: Data([0x1B])), "a raw escape is in the cache file")
    let restored = try cache.codec.decode(try XCTUnwrap(store.read(key)).content)
    XCTAssertEqual(restored[0].name, "evil^[]0;title^G<token>")
    XCTAssertEqual(restored[0].description, "token <token> \\u{202E}rtl")
    XCTAssertFalse(restored[0].rawName.contains(token))
  }

  func testAChangedFileIsCleanedWhenRead() throws {
    let codec = GitHubCacheCodecs.owner(sanitizer: TextSanitizer(secrets: [token]))
    let tampered = Data(
      #"{"login":"x\u001b[2J","name":"n \#(token)","rawLogin":"x","rawName":"\#(token)"}"#.utf8)
    let organization = try codec.decode(tampered)
    XCTAssertEqual(organization.login, "x^[[2J")
    XCTAssertEqual(organization.name, "n <token>")
    XCTAssertEqual(organization.rawName, "<token>")
  }

  func testValidatorsAreStoredWithoutTheOriginAndRestoredWithTheNewOne() throws {
    let base = temporaryStore("github-cache")
    let key = LoaderCacheKey(namespace: "built-in", name: "org x")
    let validators = ResponseValidators(etag: "\"v1\"")
    let entry = LoaderCacheEntry(
      content: Data("{}".utf8),
      validators: ["http://127.0.0.1:4000/orgs/x": validators], lastConfirmed: Date())
    try OriginRelativeStore(base: base, origin: URL(string: "http://127.0.0.1:4000")!)
      .write(entry, for: key)
    XCTAssertEqual(try base.read(key)?.validators, ["@origin/orgs/x": validators])
    let next = OriginRelativeStore(base: base, origin: URL(string: "http://127.0.0.1:5000/")!)
    XCTAssertEqual(try next.read(key)?.validators, ["http://127.0.0.1:5000/orgs/x": validators])
  }

  func testAPIKeysAreTheRootWithoutCredentialsAndAnOwnerInAnyCaseIsOneEntry() {
    let fixtures = GitHubCacheKeys(namespace: "built-in 1")
    XCTAssertEqual(
      GitHubCacheKeys.api(URL(string: "https://api.github.com/")!).namespace,
      "https://api.github.com")
    XCTAssertEqual(fixtures.owner("RedMadRobot"), fixtures.owner("redmadrobot"))
    XCTAssertEqual(
      GitHubCacheKeys.api(URL(string: "https://me:\(token)@ghe.example/api/v3/")!).namespace,
      "https://ghe.example/api/v3")
  }

  @MainActor
  func testASecondContainerShowsWhatTheFirstFetchedBeforeAnyRequest() async throws {
    let server = DemoServer(options: .init(organizationLatency: 0, repositoriesLatency: 0))
    let url = try server.start()
    defer { server.stop() }
    let store = temporaryStore("github-cache")
    let keys = GitHubCacheKeys(namespace: "built-in test")
    let configuration = GitHubConfiguration(
      baseURL: url, owner: "RedMadRobot", ownerKind: .organization, token: token)
    let first = GitHubLoaders(testing: configuration)
    first.attachCache(store: store, keys: keys)
    first.firstOwner.fetchBoth()
    for await state in first.firstOwner.repositories.states where !state.isLoading {
      if case .success = state { break }
    }
    for await state in first.firstOwner.owner.states where !state.isLoading {
      if case .success = state { break }
    }
    await first.flush()
    let requests = server.requests.count

    let second = GitHubLoaders(testing: configuration)
    second.attachCache(store: store, keys: keys)
    XCTAssertEqual(second.firstOwner.repositories.state.content?.count, 36)
    XCTAssertEqual(second.firstOwner.owner.state.content?.displayName, "Red Mad Robot")
    XCTAssertTrue(second.firstOwner.owner.freshness.isRestored)
    XCTAssertNil(second.cacheProblem)
    XCTAssertEqual(server.requests.count, requests, "restoring sent a request")
    for entry in store.contents() {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: entry.path))
      XCTAssertNil(bytes.range(of: Data(token.utf8)), "the token is in \(entry.path)")
    }
  }
}
