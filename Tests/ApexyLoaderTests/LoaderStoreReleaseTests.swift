import ApexyLoader
import ApexyLoaderTesting
import XCTest

/// `LoaderStore(releaseAfter:)` and holds: a loader not in use is let go of that long after it
/// stopped being in use, on the store's clock; one observed, loading or held is kept.
@MainActor
final class LoaderStoreReleaseTests: XCTestCase {
  private let client = FakeClient()
  private let clock = ManualScheduler()
  private var made: [String] = []

  private func store(limit: Int = 10, isInUse: ((NumberLoader) -> Bool)? = nil)
    -> LoaderStore<String, NumberLoader>
  {
    LoaderStore(limit: limit, releaseAfter: 60, scheduler: clock, isInUse: isInUse) {
      [client, weak self] key in
      self?.made.append(key)
      return NumberLoader(apiClient: client)
    }
  }

  func testALoaderNobodyUsesIsLetGoOfAfterTheTime() async {
    let loaders = store()
    _ = loaders.loader(for: "a")
    clock.advance(by: 59)
    XCTAssertEqual(loaders.keys, ["a"])
    clock.advance(by: 1)
    XCTAssertEqual(loaders.keys, [], "let go of without anyone calling trim()")
    XCTAssertEqual(loaders.dropped, ["a"])
    _ = loaders.loader(for: "a")
    XCTAssertEqual(made, ["a", "a"], "taken again, a new loader is made")
  }

  func testTakingAKeyAgainStartsItsTimeOver() async {
    let loaders = store()
    _ = loaders.loader(for: "a")
    clock.advance(by: 40)
    _ = loaders.loader(for: "a")
    clock.advance(by: 40)
    XCTAssertEqual(loaders.keys, ["a"])
    clock.advance(by: 20)
    XCTAssertEqual(loaders.keys, [])
  }

  func testAnObservedLoaderIsKeptUntilTheTimeAfterItsLastObserverWent() async {
    let loaders = store()
    var observation: LoaderObservation? = loaders.loader(for: "a")?.observe {}
    clock.advance(by: 600)
    XCTAssertEqual(loaders.keys, ["a"])
    XCTAssertEqual(clock.pendingCount, 0, "nothing looks at an observed loader every while")
    XCTAssertNotNil(observation)
    observation = nil
    clock.advance(by: 59)
    XCTAssertEqual(loaders.keys, ["a"], "the time counts from when the observer went")
    clock.advance(by: 1)
    XCTAssertEqual(loaders.keys, [])
  }

  func testALoadingLoaderIsKeptUntilTheTimeAfterItsLoadEnded() async {
    let loaders = store()
    let loader = loaders.loader(for: "a")
    loader?.load()
    clock.advance(by: 600)
    XCTAssertEqual(loaders.keys, ["a"])
    client.completeNext(with: .success(7))
    clock.advance(by: 59)
    XCTAssertEqual(loaders.existingLoader(for: "a")?.state, .success(content: 7))
    clock.advance(by: 1)
    XCTAssertEqual(loaders.keys, [])
  }

  func testAHeldLoaderIsKeptPastTheLimitAndTheTimeAndFoundAgain() async throws {
    let loaders = store(limit: 1)
    var hold = try XCTUnwrap(loaders.hold("a"))
    _ = loaders.loader(for: "b")
    _ = loaders.loader(for: "c")
    clock.advance(by: 600)
    XCTAssertEqual(loaders.keys, ["a"], "b went past the limit, c after the time; a is held")
    XCTAssertEqual(loaders.heldKeys, ["a"])
    XCTAssertTrue(loaders.loader(for: "a") === hold.loader, "the view's loader, not a second one")
    XCTAssertEqual(made, ["a", "b", "c"])
    hold = try XCTUnwrap(loaders.hold("b"))
    XCTAssertEqual(loaders.heldKeys, ["b"], "the hold on a ended when it was released")
    clock.advance(by: 60)
    XCTAssertEqual(loaders.keys, ["b"])
  }

  func testAHoldReleasedOnAnotherThreadEndsAndTheTimeStarts() async {
    let loaders = store()
    var hold = loaders.hold("a")
    clock.advance(by: 600)
    await releaseOnAnotherThread(&hold)
    await mainQueueTurn()
    XCTAssertEqual(loaders.heldKeys, [])
    clock.advance(by: 60)
    XCTAssertEqual(loaders.keys, [])
  }

  func testTheStoresRuleOfUseDecidesWhatIsKept() async {
    // Observers do not count here: only a load under way keeps a loader.
    let loaders = store(limit: 1, isInUse: { $0.isLoading })
    let observation = loaders.loader(for: "a")?.observe {}
    _ = loaders.loader(for: "b")
    XCTAssertEqual(loaders.keys, ["b"], "observed, a was let go of all the same")
    XCTAssertNotNil(observation)
  }

  func testALimitOfNoneKeepsOnlyTheKeyJustTakenAndThoseInUse() async {
    let loaders = LoaderStore<String, NumberLoader>(limit: 0) { [client] _ in
      NumberLoader(apiClient: client)
    }
    loaders.loader(for: "a")?.load()
    _ = loaders.loader(for: "b")
    _ = loaders.loader(for: "c")
    XCTAssertEqual(loaders.keys, ["a", "c"])
  }

  func testALoaderThatCannotTellItsUseIsLookedAtAgainAfterEachWait() async {
    let loaders = LoaderStore<String, Flagged>(releaseAfter: 60, scheduler: clock) { _ in
      Flagged()
    }
    loaders.loader(for: "a")?.isObserved = true
    clock.advance(by: 60)
    XCTAssertEqual(loaders.keys, ["a"])
    loaders.existingLoader(for: "a")?.isObserved = false
    clock.advance(by: 60)
    XCTAssertEqual(loaders.keys, [], "seen unused at the next look")
  }
}

/// A stored loader that cannot tell when its use changes.
@MainActor
private final class Flagged: StoredLoader {
  var isObserved = false
  var isLoading: Bool { false }
}
