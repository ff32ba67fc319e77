import ApexyLoader
import AppTestSupport
import Foundation
import XCTest

@testable import AppFormats
@testable import AppModel
@testable import AppRendering
@testable import AppRuntime
@testable import GitHubAPI

/// A store in memory, whose entries a test writes as a previous run would have.
final class MemoryCacheStore: LoaderCacheStore, @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [LoaderCacheKey: LoaderCacheEntry] = [:]

  func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? { lock.withLock { entries[key] } }
  func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    lock.withLock { entries[key] = entry }
  }
  func remove(_ key: LoaderCacheKey) throws {
    _ = lock.withLock { entries.removeValue(forKey: key) }
  }
}

/// The app over loaders restored from the cache: the first frame shows the content and its
/// age, and a fetch over it spins with the content shown, then says it is confirmed.
@MainActor
final class AppLoopCacheTests: XCTestCase {
  func testFirstFrameShowsRestoredContentThenAFetchConfirmsIt() async throws {
    let store = MemoryCacheStore()
    let keys = GitHubCacheKeys(namespace: "built-in test")
    let sanitizer = TextSanitizer()
    let confirmed = Fixture.now.addingTimeInterval(-3 * 3600)
    let organizationCodec = GitHubCacheCodecs.owner(sanitizer: sanitizer)
    let repositoriesCodec = GitHubCacheCodecs.repositories(sanitizer: sanitizer)
    try store.write(
      LoaderCacheEntry(
        content: try organizationCodec.encode(Fixture.organization),
        contentVersion: organizationCodec.version, lastConfirmed: confirmed),
      for: keys.owner("RedMadRobot"))
    try store.write(
      LoaderCacheEntry(
        content: try repositoriesCodec.encode(Fixture.repositories),
        contentVersion: repositoriesCodec.version, lastConfirmed: confirmed),
      for: keys.repositories("RedMadRobot"))
    let app = LoopHarness(columns: 100, rows: 12)
    let organization = app.loaders.firstOwner.owner
    let repositories = app.loaders.firstOwner.repositories
    organization.cache = LoaderCache(
      store: store, key: keys.owner("RedMadRobot"), codec: organizationCodec)
    repositories.cache = LoaderCache(
      store: store, key: keys.repositories("RedMadRobot"), codec: repositoriesCodec)
    let loop = app.loop
    let terminal = app.screen
    let client = app.client
    loop.start()

    XCTAssertEqual(terminal.frames.count, 1, "the restored content is in the first frame")
    let first = terminal.frames.last!.joined(separator: "\n")
    XCTAssertTrue(first.contains("input-mask-ios"), first)
    XCTAssertTrue(first.contains("RedMadRobot cached 3h ago │ repos cached 3h ago"), first)
    XCTAssertEqual(client.pendingPaths, [], "nothing is requested before a key")

    loop.send(.key(.character("f")))
    let loading = terminal.frames.last!.joined(separator: "\n")
    XCTAssertTrue(loading.contains("Loading…") && loading.contains("input-mask-ios"), loading)
    XCTAssertTrue(loading.contains("loading (cached 3h ago)"), loading)

    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    let page = RepositoriesPage(body: Data(#"[{"name":"Apexy","stargazers_count":207}]"#.utf8))
    await app.complete("page=1", with: .success(page))
    let last = app.lastFrame
    XCTAssertTrue(last.contains("RedMadRobot ✓ just now │ repos ✓ just now"), last)
    XCTAssertFalse(last.contains("cached"), last)
    XCTAssertFalse(last.contains("input-mask-ios"), "the fetched list replaced the cached one")
  }
}
