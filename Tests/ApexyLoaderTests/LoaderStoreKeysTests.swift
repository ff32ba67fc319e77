import ApexyLoader
import ApexyLoaderTesting
import XCTest

/// Acting on many keys of a `LoaderStore` (invalidate, remove, prefetch, set content), being
/// told of its changes, and `TotalLoaderStore`, which always makes a loader.
@MainActor
final class LoaderStoreKeysTests: XCTestCase {
  private let client = FakeClient()
  private var changes: [LoaderStoreChange<String>] = []
  private var observation: LoaderObservation?

  private func store(limit: Int = 10) -> LoaderStore<String, NumberLoader> {
    let loaders = LoaderStore<String, NumberLoader>(limit: limit) { [client] _ in
      NumberLoader(apiClient: client)
    }
    observation = loaders.observeChanges { [weak self] in self?.changes.append($0) }
    return loaders
  }

  func testInvalidatingLoadsWhatIsShownNowAndTheRestWhenNextTaken() async {
    let loaders = store()
    let shown = loaders.loader(for: "a/1")
    let observation = shown?.observe {}
    _ = loaders.loader(for: "a/2")
    _ = loaders.loader(for: "b/1")
    loaders.invalidate { $0.hasPrefix("a/") }
    XCTAssertEqual(shown?.isLoading, true, "shown, it loads at once")
    XCTAssertEqual(client.requests.count, 1)
    XCTAssertEqual(loaders.invalidatedKeys, ["a/2"])
    XCTAssertEqual(loaders.loader(for: "a/2")?.isLoading, true, "loaded once taken")
    XCTAssertEqual(loaders.invalidatedKeys, [])
    XCTAssertEqual(loaders.existingLoader(for: "b/1")?.state, .initial)
    XCTAssertEqual(changes.filter { if case .invalidated = $0 { true } else { false } }.count, 2)
    XCTAssertNotNil(observation)
  }

  func testRemovingForgetsLoadersInUseTooAndTheNextTakeMakesANewOne() async {
    let loaders = store()
    let old = loaders.loader(for: "a")
    let observation = old?.observe {}
    _ = loaders.loader(for: "b")
    loaders.remove { $0 != "b" }
    XCTAssertEqual(loaders.keys, ["b"])
    XCTAssertEqual(loaders.dropped, [], "removed is not dropped")
    XCTAssertFalse(loaders.loader(for: "a") === old)
    XCTAssertEqual(changes, [.made("a"), .made("b"), .removed("a"), .made("a")])
    XCTAssertNotNil(observation)
  }

  func testPrefetchingLoadsAKeyNoScreenTookAndKeepsItAsAnyOther() async {
    let loaders = store(limit: 1)
    let prefetched = loaders.prefetch("a")
    XCTAssertEqual(prefetched?.isLoading, true)
    client.completeNext(with: .success(3))
    XCTAssertTrue(loaders.loader(for: "a") === prefetched, "the screen gets the loaded one")
    XCTAssertEqual(prefetched?.state, .success(content: 3))
    _ = loaders.loader(for: "b")
    XCTAssertEqual(loaders.keys, ["b"], "not in use, it goes past the limit")
  }

  func testContentSetForAKeyStaysWhenItsLoadAnswers() async {
    let loaders = store()
    let loader = loaders.loader(for: "a")
    loader?.load()
    loaders.setContent(9, for: "a")
    client.completeNext(with: .success(7))
    XCTAssertEqual(loader?.state, .success(content: 9))
    XCTAssertEqual(changes, [.made("a"), .contentSet("a")])
  }

  func testChangesAreToldUntilTheObservationIsReleased() async {
    let loaders = store(limit: 1)
    _ = loaders.loader(for: "a")
    _ = loaders.loader(for: "b")
    XCTAssertEqual(changes, [.made("a"), .made("b"), .dropped("a")])
    XCTAssertEqual(changes.map(\.key), ["a", "b", "a"])
    observation = nil
    _ = loaders.loader(for: "c")
    XCTAssertEqual(changes.count, 3, "nothing after the observation went")
  }

  func testATotalStoreAlwaysAnswersALoaderAndACallMayMakeItsOwn() async {
    let loaders = TotalLoaderStore<String, NumberLoader>(limit: 2) { [client] _ in
      NumberLoader(apiClient: client)
    }
    let first: NumberLoader = loaders.loader(for: "a")
    first.load()
    XCTAssertTrue(loaders.hold("a").loader === first)
    var madeHere: [String] = []
    let second = loaders.loader(for: "b") { [client] key in
      madeHere.append(key)
      return NumberLoader(apiClient: client)
    }
    XCTAssertTrue(loaders.loader(for: "b") { _ in NumberLoader(apiClient: self.client) } === second)
    XCTAssertEqual(madeHere, ["b"], "the call's own make runs only when none is kept")
  }
}
