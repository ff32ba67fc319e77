import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

/// `LoaderStore`: one loader per key while kept, the least recently taken one that nothing
/// needs let go of past the limit, observed and loading ones never, and a dropped loader's
/// content back from its cache.
@MainActor
final class LoaderStoreTests: XCTestCase {
  private let client = FakeClient()
  private var made: [String] = []

  private func store(limit: Int, cache: LoaderCacheStore? = nil)
    -> LoaderStore<String, NumberLoader>
  {
    LoaderStore(limit: limit) { [client, weak self] key in
      guard !key.isEmpty else { return nil }
      self?.made.append(key)
      let loader = NumberLoader(apiClient: client)
      if let cache {
        loader.cache = LoaderCache(
          store: cache, key: LoaderCacheKey(namespace: "https://numbers.test", name: key))
      }
      return loader
    }
  }

  func testTheSameKeyGivesTheSameLoaderWhileItIsKept() {
    let loaders = store(limit: 2)
    let first = loaders.loader(for: "a")
    XCTAssertTrue(first === loaders.loader(for: "a"))
    XCTAssertFalse(first === loaders.loader(for: "b"))
    XCTAssertNil(loaders.loader(for: ""), "a key that names nothing makes no loader")
    XCTAssertEqual(made, ["a", "b"])
    XCTAssertEqual(loaders.keys, ["a", "b"])
  }

  func testTheLeastRecentlyTakenIsLetGoOfPastTheLimit() {
    let loaders = store(limit: 2)
    _ = loaders.loader(for: "a")
    _ = loaders.loader(for: "b")
    _ = loaders.loader(for: "c")
    XCTAssertEqual(loaders.keys, ["b", "c"])
    XCTAssertEqual(loaders.dropped, ["a"])
    _ = loaders.loader(for: "b")
    _ = loaders.loader(for: "d")
    XCTAssertEqual(loaders.keys, ["b", "d"], "b was taken again, so c was the least recent")
    XCTAssertEqual(loaders.dropped, ["a", "c"])
    _ = loaders.loader(for: "a")
    XCTAssertEqual(made, ["a", "b", "c", "d", "a"], "a dropped key makes a new loader")
    XCTAssertEqual(loaders.dropped, ["c", "b"], "a key taken again is no longer dropped")
  }

  func testAnObservedLoaderIsKeptPastTheLimitUntilNothingObservesIt() {
    let loaders = store(limit: 1)
    var observation: LoaderObservation? = loaders.loader(for: "a")?.observe {}
    _ = loaders.loader(for: "b")
    _ = loaders.loader(for: "c")
    XCTAssertEqual(loaders.keys, ["a", "c"], "a is observed; b went")
    XCTAssertEqual(loaders.observedKeys, ["a"])
    XCTAssertNotNil(observation)
    observation = nil
    loaders.trim()
    XCTAssertEqual(loaders.keys, ["c"])
    XCTAssertEqual(loaders.dropped, ["b", "a"])
  }

  func testALoaderWhoseStatesAreReadIsKeptUntilTheReadingStops() async {
    let loaders = store(limit: 1)
    var stream: AsyncStream<LoadingState<Int>>? = loaders.loader(for: "a")?.states
    _ = loaders.loader(for: "b")
    XCTAssertEqual(loaders.observedKeys, ["a"], "a states stream observes the loader")
    XCTAssertEqual(loaders.keys, ["a", "b"])
    stream = nil
    loaders.trim()
    XCTAssertEqual(loaders.keys, ["b"], "the stream ended with its last reader")
    XCTAssertNil(stream)
  }

  func testAKeyTakenWhileItsLoaderStillLoadsGetsThatLoader() {
    let loaders = store(limit: 1)
    let loading = loaders.loader(for: "a")
    loading?.load()
    _ = loaders.loader(for: "b")
    _ = loaders.loader(for: "c")
    XCTAssertEqual(loaders.keys, ["a", "c"], "a loading loader is never let go of")
    XCTAssertTrue(loaders.loader(for: "a") === loading)
    client.completeNext(with: .success(7))
    XCTAssertEqual(loading?.state, .success(content: 7), "its answer reaches the same loader")
  }

  func testADroppedLoadersContentIsBackFromTheCacheAtOnce() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loader-store-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let loaders = store(limit: 1, cache: FileCacheStore(directory: directory))
    let first = try XCTUnwrap(loaders.loader(for: "a"))
    first.load()
    client.completeNext(with: .success(42))
    await first.cache?.flush()
    _ = loaders.loader(for: "b")
    XCTAssertEqual(loaders.dropped, ["a"])
    let again = try XCTUnwrap(loaders.loader(for: "a"))
    XCTAssertFalse(again === first, "a new loader")
    XCTAssertEqual(again.state, .success(content: 42), "with what the dropped one had")
    XCTAssertTrue(again.freshness.isRestored)
  }
}
