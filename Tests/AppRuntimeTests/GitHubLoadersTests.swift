import ApexyLoader
import AppTestSupport
import Foundation
import XCTest

@testable import AppModel
@testable import AppRuntime
@testable import GitHubAPI

/// The loaders at the end of the app's run: quitting waits for the cache's last writes, but
/// never longer than it said.
@MainActor
final class GitHubLoadersTests: XCTestCase {
  func testWaitingForTheLastWritesIsBounded() async throws {
    let client = FakeClient()
    let loaders = fakeLoaders(client)
    let store = BlockingStore()
    loaders.attachCache(store: store, keys: GitHubCacheKeys(namespace: "built-in test"))
    XCTAssertTrue(loaders.waitForCacheWrites(timeout: 0.1), "nothing pending, nothing to wait for")
    loaders.firstOwner.owner.load()
    client.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    XCTAssertEqual(loaders.firstOwner.owner.state, .success(content: Fixture.organization))
    let started = Date()
    XCTAssertFalse(loaders.waitForCacheWrites(timeout: 0.2), "a stuck write was waited for")
    XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    store.release.signal()
    XCTAssertTrue(loaders.waitForCacheWrites(timeout: 5))
    XCTAssertEqual(store.written, 1)
  }
}

/// A store whose writes wait until the test releases them.
private final class BlockingStore: LoaderCacheStore, @unchecked Sendable {
  let release = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var count = 0

  var written: Int { lock.withLock { count } }

  func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? { nil }
  func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    release.wait()
    lock.withLock { count += 1 }
  }
  func remove(_ key: LoaderCacheKey) throws {}
}
