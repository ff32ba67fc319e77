import ApexyLoader
import Foundation
import Locking
import Observation
import XCTest

/// `ContentLoader` takes part in Observation: what a SwiftUI view relies on, checked with
/// `withObservationTracking` (its `onChange` runs before the new state is in place, once per
/// tracking).
@MainActor
final class ObservationTrackingTests: XCTestCase {
  /// Keeps tracking `loader.state` and counts the changes told, re-tracking inside each
  /// `onChange` as a view that renders again does; `states` gets the state each re-read saw.
  private final class Tracker<Content>: Sendable {
    private let told = Locked(0)
    private let seen = Locked<[String]>([])

    @MainActor
    init(_ loader: ContentLoader<Content>) {
      track(loader)
    }

    var changes: Int { told.withLock { $0 } }
    var reads: [String] { seen.withLock { $0 } }

    @MainActor
    private func track(_ loader: ContentLoader<Content>) {
      let state = withObservationTracking {
        loader.state.description
      } onChange: { [self] in
        told.withLock { $0 += 1 }
        // Told on the main actor, inside the assignment; tracks again for the next change.
        MainActor.assumeIsolated { track(loader) }
      }
      seen.withLock { $0.append(state) }
    }
  }

  func testEveryAssignmentIsAChangeEvenOfAnEqualState() async {
    let loader = ContentLoader<Int>()
    let tracker = Tracker(loader)
    for state in [LoadingState.loading(cache: nil), .success(content: 1), .success(content: 1)] {
      loader.state = state
    }
    XCTAssertEqual(tracker.changes, 3)
    // Each re-track during `onChange` reads the state from before the change.
    XCTAssertEqual(
      tracker.reads, ["Initial", "Initial", "Loading: cache nil", "Success: 1"])
  }

  func testStartAndFinishLoadingAreChangesAndAnUnchangedUpdateIsNot() async {
    let loader = ContentLoader<Int>()
    let tracker = Tracker(loader)
    XCTAssertTrue(loader.startLoading())
    XCTAssertFalse(loader.startLoading(), "already loading: no change")
    loader.finishLoading(.success(2))
    loader.update(.success(content: 2))
    XCTAssertEqual(tracker.changes, 2)
    loader.update(.success(content: 3))
    XCTAssertEqual(tracker.changes, 3)
  }

  func testAOneShotTrackingIsToldOnceAndOnlyOfState() async {
    let loader = ContentLoader<String>()
    let told = Locked(0)
    withObservationTracking {
      _ = loader.state
    } onChange: {
      told.withLock { $0 += 1 }
    }
    loader.state = .success(content: "a")
    loader.state = .success(content: "b")
    XCTAssertEqual(told.withLock { $0 }, 1, "withObservationTracking tells one change")
    withObservationTracking {
      _ = loader.changeCount
      _ = loader.observerCount
    } onChange: {
      told.withLock { $0 += 1 }
    }
    loader.state = .initial
    XCTAssertEqual(told.withLock { $0 }, 1, "reading other properties tracks nothing")
  }

  func testAssignmentsWhileNobodyReadsAreMissedByNoTrackingThatReadsLater() async {
    let loader = ContentLoader<Int>()
    for value in 0..<5 { loader.state = .success(content: value) }
    let tracker = Tracker(loader)
    loader.state = .success(content: 9)
    XCTAssertEqual(tracker.changes, 1)
    XCTAssertEqual(tracker.reads, ["Success: 4", "Success: 4"])
  }

  func testALoaderBuiltFromOthersIsTrackedAsItsSourcesChange() async {
    let books = ContentLoader<[String]>()
    let author = ContentLoader<String>()
    let shelf = ShelfLoader(books: books, author: author)
    let tracker = Tracker(shelf)
    books.state = .success(content: ["Dune"])
    author.state = .success(content: "Herbert")
    XCTAssertEqual(tracker.changes, 2)
    XCTAssertEqual(shelf.state, .success(content: "Herbert: Dune"))
  }

  func testObservationsSequenceYieldsTheStateAfterEachChange() async throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
      throw XCTSkip("Observations needs the 2025 Apple systems")
    }
    let loader = ContentLoader<Int>()
    let observed = Observations { loader.state.description }
    var iterator = observed.makeAsyncIterator()
    let first = await iterator.next(isolation: MainActor.shared)
    loader.state = .loading(cache: nil)
    let second = await iterator.next(isolation: MainActor.shared)
    loader.state = .success(content: 7)
    let third = await iterator.next(isolation: MainActor.shared)
    XCTAssertEqual([first, second, third], ["Initial", "Loading: cache nil", "Success: 7"])
  }

  func testObserveHandlersStatesAndObservationAllSeeOneChange() async {
    let loader = ContentLoader<Int>()
    var handled: [String] = []
    let observation = loader.observe { handled.append(loader.state.description) }
    var states = loader.states.makeAsyncIterator()
    let tracker = Tracker(loader)
    loader.state = .success(content: 5)
    XCTAssertEqual(handled, ["Success: 5"])
    XCTAssertEqual(tracker.changes, 1)
    let first = await states.next()
    let second = await states.next()
    XCTAssertEqual([first, second], [.initial, .success(content: 5)])
    withExtendedLifetime(observation) {}
  }
}

/// A loader whose state merges two others, as Apexy's example screens build them.
@MainActor
private final class ShelfLoader: ContentLoader<String> {
  init(books: ContentLoader<[String]>, author: ContentLoader<String>) {
    super.init()
    let update = { [unowned self] in
      state = author.state.merge(books.state) { "\($0): \($1.joined(separator: ", "))" }
    }
    observations = [books.observe(update), author.observe(update)]
  }
}
