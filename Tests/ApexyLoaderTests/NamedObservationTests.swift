import ApexyLoader
import XCTest

/// Observers given a name are listed by the loader while their observation is held, so an
/// inspector can show who watches a loader.
@MainActor
final class NamedObservationTests: XCTestCase {
  func testNamesAreListedInOrderWhileHeld() async {
    let loader = ContentLoader<Int>()
    var first: LoaderObservation? = loader.observe(named: "Fetch pane") {}
    let unnamed = loader.observe {}
    let second = loader.observe(named: "Result pane") {}
    XCTAssertEqual(loader.observerNames, ["Fetch pane", "Result pane"])
    XCTAssertEqual(loader.observerCount, 3)
    XCTAssertNotNil(first)
    first = nil
    XCTAssertEqual(loader.observerNames, ["Result pane"])
    XCTAssertEqual(loader.observerCount, 2)
    withExtendedLifetime((unnamed, second)) {}
  }

  func testANamedObserverIsCalledOnEveryChange() async {
    let loader = ContentLoader<Int>()
    var seen: [LoadingState<Int>] = []
    let observation = loader.observe(named: "status bar") { seen.append(loader.state) }
    loader.state = .loading(cache: nil)
    loader.state = .success(content: 2)
    XCTAssertEqual(seen, [.loading(cache: nil), .success(content: 2)])
    withExtendedLifetime(observation) {}
  }

  func testANameLeavesWhenItsHandlerReleasesItselfMidChange() async {
    let loader = ContentLoader<Int>()
    var observation: LoaderObservation?
    observation = loader.observe(named: "once") { observation = nil }
    XCTAssertEqual(loader.observerNames, ["once"])
    loader.state = .success(content: 1)
    XCTAssertNil(observation, "the handler released its own observation")
    XCTAssertEqual(loader.observerNames, [])
    XCTAssertEqual(loader.observerCount, 0)
    XCTAssertNil(observation, "the handler released its own observation")
  }

  func testEveryObserverOfOneChangeReadsTheSameChangeCount() async {
    let loader = ContentLoader<Int>()
    var counts: [Int] = []
    let first = loader.observe(named: "a") { counts.append(loader.changeCount) }
    let second = loader.observe(named: "b") { counts.append(loader.changeCount) }
    XCTAssertEqual(loader.changeCount, 0)
    loader.state = .loading(cache: nil)
    loader.state = .success(content: 1)
    XCTAssertEqual(counts, [1, 1, 2, 2])
    withExtendedLifetime((first, second)) {}
  }
}
