import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// A cache written by 0.2.0 keeps an owner under `org <login>`; this version names the entry
/// `owner <login>`. The old entry is still read: the owner shows at once after the upgrade and
/// revalidates with its stored validators, and the first save moves it to the new name.
@MainActor
final class OwnerCacheMigrationTests: XCTestCase {
  private let keys = GitHubCacheKeys(namespace: "built-in owner-migration")

  /// Loads `login`'s profile on a new server with new loaders over `store`, starting from what
  /// the cache restored; returns the state restored, the content loaded and the server.
  private func run(_ login: String, store: FileCacheStore) async throws
    -> (restored: LoadingState<Owner>, loaded: Owner?, server: DemoServer)
  {
    let (server, url) = try serveBuiltIn()
    let loaders = GitHubLoaders(
      testing: GitHubConfiguration(
        baseURL: url, owner: GitHubLogin(login), ownerKind: nil, retries: 0))
    loaders.attachCache(store: store, keys: keys)
    let loader = loaders.owner(GitHubLogin(login)).owner
    let restored = loader.state
    loader.load()
    for await state in loader.states where !state.isLoading { break }
    await loader.cache?.flush()
    return (restored, loader.state.content, server)
  }

  func testAnOwnerStoredBy020IsShownRevalidatedAndMovedToItsNewName() async throws {
    let store = temporaryStore("owner-migration")
    let (_, first, _) = try await run("bob-builder", store: store)
    let loaded = try XCTUnwrap(first)
    // What 0.2.0 left: the same entry under the old name, none under the new one.
    let new = keys.owner("bob-builder")
    let old = LoaderCacheKey(namespace: keys.namespace, name: "org bob-builder")
    try store.write(try XCTUnwrap(store.read(new)), for: old)
    try store.remove(new)

    let (restored, second, server) = try await run("bob-builder", store: store)
    XCTAssertEqual(restored.content, loaded, "the owner shows at once from the 0.2.0 entry")
    XCTAssertEqual(second, loaded)
    let asked = server.requests.filter { $0.path.hasSuffix("/bob-builder") }
    XCTAssertEqual(asked.map { $0.headers["if-none-match"] != nil }, [true], "revalidated: 304")
    XCTAssertNotNil(try store.read(new), "saved under the new name")
    XCTAssertNil(try store.read(old), "the 0.2.0 entry is gone once moved")
  }
}
