import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

private struct Failed: Error {}

/// A loader whose `load()` only moves to loading, as a subclass in an app would start a request.
@MainActor
private final class CountingLoader: ContentLoader<Int>, ContentLoading {
  private(set) var loads = 0
  func load() {
    loads += 1
    startLoading()
  }
}

@MainActor
final class ContentLoaderTests: XCTestCase {
  func testStartsInitialAndNotifiesEachAssignmentOnce() async {
    let loader = ContentLoader<Int>()
    let states = LoaderStateRecorder(loader)
    loader.state = .loading(cache: nil)
    loader.state = .success(content: 1)
    loader.state = .success(content: 1)
    await states.expect([
      .initial, .loading(cache: nil), .success(content: 1), .success(content: 1),
    ])
  }

  func testReleasedObservationIsNotCalled() async {
    let loader = ContentLoader<Int>()
    var calls = 0
    var observation: LoaderObservation? = loader.observe { calls += 1 }
    loader.state = .loading(cache: nil)
    XCTAssertNotNil(observation)
    observation = nil
    loader.state = .success(content: 1)
    XCTAssertEqual(calls, 1)
  }

  func testStartLoadingTwiceChangesOnce() async {
    let loader = ContentLoader<Int>()
    loader.state = .success(content: 5)
    var calls = 0
    let observation = loader.observe { calls += 1 }
    XCTAssertTrue(loader.startLoading())
    XCTAssertEqual(loader.state, .loading(cache: 5))
    XCTAssertFalse(loader.startLoading())
    XCTAssertEqual(calls, 1)
    withExtendedLifetime(observation) {}
  }

  func testFinishLoadingSuccessThenFailureKeepsCache() async {
    let loader = ContentLoader<Int>()
    loader.startLoading()
    loader.finishLoading(.success(7))
    XCTAssertEqual(loader.state, .success(content: 7))
    loader.startLoading()
    XCTAssertEqual(loader.state, .loading(cache: 7))
    loader.finishLoading(.failure(Failed()))
    XCTAssertEqual(loader.state, .failure(error: Failed(), cache: 7))
    XCTAssertTrue(loader.state.error is Failed)
  }

  func testUpdateNotifiesOnlyOnChange() async {
    let loader = ContentLoader<Int>()
    var calls = 0
    let observation = loader.observe { calls += 1 }
    loader.update(.initial)
    XCTAssertEqual(calls, 0)
    loader.update(.success(content: 1))
    loader.update(.success(content: 1))
    XCTAssertEqual(calls, 1)
    loader.update(.success(content: 2))
    XCTAssertEqual(calls, 2)
    withExtendedLifetime(observation) {}
  }

  func testUpdateAssignsWhenOnlyTheErrorChanged() async {
    let loader = ContentLoader<Int>()
    loader.state = .failure(error: URLError(.timedOut), cache: 1)
    var calls = 0
    let observation = loader.observe { calls += 1 }
    loader.update(.failure(error: URLError(.timedOut), cache: 1))
    XCTAssertEqual(calls, 0, "the same error again is no change")
    loader.update(.failure(error: URLError(.cannotFindHost), cache: 1))
    XCTAssertEqual(calls, 1)
    XCTAssertEqual((loader.state.error as? URLError)?.code, .cannotFindHost)
    loader.update(.failure(error: Failed(), cache: 1))
    XCTAssertEqual(calls, 2, "an error of another type is a change")
    XCTAssertTrue(loader.state.error is Failed)
    withExtendedLifetime(observation) {}
  }

  func testStatesYieldsCurrentThenChangesAndEndsWhenLoaderIsReleased() async {
    var loader: ContentLoader<Int>? = ContentLoader<Int>()
    loader?.state = .success(content: 1)
    let stream = loader!.states
    loader?.state = .loading(cache: 1)
    loader?.state = .success(content: 2)
    loader = nil
    var received: [LoadingState<Int>] = []
    for await state in stream { received.append(state) }
    XCTAssertEqual(received, [.success(content: 1), .loading(cache: 1), .success(content: 2)])
  }

  func testStatesStopsObservingWhenTheConsumerStops() async {
    let loader = ContentLoader<Int>()
    var other = 0
    let observation = loader.observe { other += 1 }
    var first: LoadingState<Int>?
    for await state in loader.states {
      first = state
      break
    }
    XCTAssertEqual(first, .initial)
    // The stream's own observation is gone: changes reach only the remaining observer.
    await Task.yield()
    loader.state = .success(content: 1)
    XCTAssertEqual(other, 1)
    withExtendedLifetime(observation) {}
  }

  // MARK: - Re-entrancy

  func testObserverReleasingItselfIsNotCalledAgain() async {
    let loader = ContentLoader<Int>()
    var calls: [String] = []
    var first: LoaderObservation?
    first = loader.observe {
      calls.append("first")
      first = nil
    }
    let second = loader.observe { calls.append("second") }
    loader.state = .loading(cache: nil)
    loader.state = .success(content: 1)
    XCTAssertEqual(calls, ["first", "second", "second"])
    XCTAssertNil(first)
    withExtendedLifetime(second) {}
  }

  func testObserverReleasingALaterOneStopsItAtOnce() async {
    let loader = ContentLoader<Int>()
    var calls: [String] = []
    var second: LoaderObservation?
    let first = loader.observe {
      calls.append("first")
      second = nil
    }
    second = loader.observe { calls.append("second") }
    loader.state = .loading(cache: nil)
    XCTAssertEqual(calls, ["first"])
    XCTAssertNil(second)
    withExtendedLifetime(first) {}
  }

  func testObserverAddingAnotherIsCalledFromTheNextChange() async {
    let loader = ContentLoader<Int>()
    var calls: [String] = []
    var added: [LoaderObservation] = []
    let first = loader.observe {
      calls.append("first")
      if added.isEmpty { added.append(loader.observe { calls.append("added") }) }
    }
    loader.state = .loading(cache: nil)
    XCTAssertEqual(calls, ["first"])
    loader.state = .success(content: 1)
    XCTAssertEqual(calls, ["first", "first", "added"])
    withExtendedLifetime(first) {}
  }

  func testLoadInsideAHandlerNotifiesEveryObserverOncePerChangeInOrder() async {
    let loader = CountingLoader()
    loader.state = .success(content: 3)
    var calls: [String] = []
    let first = loader.observe {
      calls.append("first \(loader.state)")
      if case .success = loader.state { loader.load() }
    }
    let second = loader.observe { calls.append("second \(loader.state)") }
    loader.state = .success(content: 4)
    XCTAssertEqual(loader.loads, 1)
    XCTAssertEqual(
      calls,
      [
        "first Success: 4",
        // The nested change is already in place when the second observer reads the state.
        "second Loading: cache Optional(4)",
        "first Loading: cache Optional(4)",
        "second Loading: cache Optional(4)",
      ])
    withExtendedLifetime((first, second)) {}
  }
}
