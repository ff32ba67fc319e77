import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The repositories' cache entry keeps each page's URL and validators: after a restart, against
/// an unchanged server on a new port, the first reload is answered `304` for every page.
@MainActor
final class PageValidatorCacheTests: XCTestCase {
  private let token = "ghp_secretTOKEN1234"
  private let keys = GitHubCacheKeys(namespace: "built-in test")

  private func loaders(_ url: URL, store: LoaderCacheStore) -> GitHubLoaders {
    let loaders = GitHubLoaders(
      testing: GitHubConfiguration(
        baseURL: url, owner: "RedMadRobot", ownerKind: .organization, token: token))
    loaders.attachCache(store: store, keys: keys)
    return loaders
  }

  /// Loads the repositories and waits until the load ends.
  private func load(_ loader: RepositoriesLoader) async {
    loader.load()
    for await state in loader.states where !state.isLoading { break }
  }

  func testARestartAnswersEveryPageWith304AndKeepsTheContent() async throws {
    let store = temporaryStore("page-cache")
    let (_, firstURL) = try serveBuiltIn()
    let first = loaders(firstURL, store: store)
    await load(first.firstOwner.repositories)
    XCTAssertEqual(first.firstOwner.repositories.lastPageCounts, PageCounts(decoded: 4, reused: 0))
    let fetched = try XCTUnwrap(first.firstOwner.repositories.state.content)
    await first.flush()

    // The built-in server of the next run listens on another port.
    let (server, secondURL) = try serveBuiltIn()
    XCTAssertNotEqual(firstURL, secondURL)
    let second = loaders(secondURL, store: store)
    XCTAssertEqual(second.firstOwner.repositories.state.content, fetched)
    XCTAssertEqual(second.firstOwner.repositories.pageCache.count, 4)
    XCTAssertNil(second.cacheProblem)
    await load(second.firstOwner.repositories)

    guard case .success(let content) = second.firstOwner.repositories.state else {
      return XCTFail("the reload failed: \(second.firstOwner.repositories.state)")
    }
    XCTAssertEqual(content, fetched)
    XCTAssertEqual(second.firstOwner.repositories.lastPageCounts, PageCounts(decoded: 0, reused: 4))
    XCTAssertTrue(second.firstOwner.repositories.freshness.wasNotModified)
    let pages = server.requests.filter { $0.path.contains("/repos") }
    XCTAssertEqual(pages.count, 4)
    XCTAssertTrue(pages.allSatisfy { $0.headers["if-none-match"] != nil }, "\(pages)")
    await second.flush()

    for entry in store.contents() {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: entry.path))
      XCTAssertNil(bytes.range(of: Data(token.utf8)), "the token is in \(entry.path)")
      XCTAssertNil(bytes.range(of: Data("127.0.0.1".utf8)), "an origin is in \(entry.path)")
    }
  }

  func testAListThePageCacheNoLongerMatchesIsStoredWithoutPages() async throws {
    let pageCache = RevalidationCache<CachedPage>()
    let source = RepositoryPageSource(
      pageCache: pageCache, firstPage: URL(string: "orgs/x/repos?page=1")!,
      origin: URL(string: "http://127.0.0.1:4000/")!)
    let stored = [Repository(name: "a", stargazersCount: 1)]
    pageCache.store(
      CachedPage(repositories: stored, next: nil), validators: ResponseValidators(etag: "\"1\""),
      forKey: source.firstPages[0])
    let codec = GitHubCacheCodecs.repositories(sanitizer: TextSanitizer(), pages: source)
    let matching = try codec.encode(RepositoryList(stored))
    let other = [Repository(name: "b", stargazersCount: 2)]
    let unmatched = try codec.encode(RepositoryList(other))

    let restarted = RevalidationCache<CachedPage>()
    let next = RepositoryPageSource(
      pageCache: restarted, firstPage: URL(string: "orgs/x/repos?page=1")!,
      origin: URL(string: "http://127.0.0.1:5000")!)
    let restore = GitHubCacheCodecs.repositories(sanitizer: TextSanitizer(), pages: next)
    XCTAssertEqual(try restore.decode(unmatched), RepositoryList(other))
    XCTAssertEqual(restarted.count, 0, "a page that does not hold the list was restored")
    XCTAssertEqual(try restore.decode(matching), RepositoryList(stored))
    XCTAssertEqual(restarted.stored(forKey: next.firstPages[0])?.validators.etag, "\"1\"")
  }
}
