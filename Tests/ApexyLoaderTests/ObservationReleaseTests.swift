import ApexyHTTP
import ApexyLoader
import Foundation
import XCTest

/// Observations, loaders and clients are released wherever the objects holding them die.
@MainActor
final class ObservationReleaseTests: XCTestCase {
  func testAnObservationReleasedOnAnotherThreadStopsItsHandlerAtOnce() async {
    let loader = ContentLoader<Int>()
    var calls = 0
    var observation: LoaderObservation? = loader.observe { calls += 1 }
    weak let released = observation
    loader.state = .loading(cache: nil)
    XCTAssertEqual(calls, 1)
    // The main queue does not turn between the release and the change below: the list's
    // removal, queued there, has not run yet.
    releaseOnAnotherThreadBlocking(&observation)
    XCTAssertNil(released, "the other thread released it")
    XCTAssertEqual(loader.observerCount, 0, "no longer counted once the release returned")
    loader.state = .success(content: 1)
    XCTAssertEqual(calls, 1, "no handler runs for a change made after the release returned")
    await mainQueueTurn()
    loader.state = .success(content: 2)
    XCTAssertEqual(calls, 1, "nor once the main actor removed it")
  }

  func testObservationsReleasedOnOtherThreadsWhileTheStateChanges() async {
    let loader = ContentLoader<Int>()
    var calls = 0
    let kept = loader.observe(named: "kept") {}
    await releaseOnOtherThreads((0..<16).map { _ in loader.observe { calls += 1 } }) {
      for value in 0..<200 { loader.state = .success(content: value) }
    }
    await mainQueueTurn()
    XCTAssertEqual(loader.observerNames, ["kept"])
    XCTAssertEqual(loader.observerCount, 1)
    let before = calls
    loader.state = .initial
    XCTAssertEqual(calls, before, "released handlers are not called again")
    withExtendedLifetime(kept) {}
  }

  func testALoaderReleasedOnAnotherThreadCancelsItsRequestAndEndsItsStreams() async {
    let client = FakeClient()
    var (loader, progress) = NumberLoader.loading(on: client)
    weak let weakLoader = loader
    let stream = loader!.states
    await releaseOnAnotherThread(&loader)
    XCTAssertNil(weakLoader)
    XCTAssertEqual(progress?.isCancelled, true)
    var received: [LoadingState<Int>] = []
    for await state in stream { received.append(state) }
    XCTAssertEqual(received, [.loading(cache: nil)])
  }
}
