import ApexyLoader
import Foundation
import Testing

/// A release from main-actor code takes effect at once on whatever thread the main actor runs:
/// in Swift Testing (and in an `async` `@main` program after its first `await`) that is not
/// the main thread on Linux, where XCTest's tests run on it and hid the difference.
@MainActor
@Suite struct ReleaseOnTheMainActorTests {
  @Test func aReleasedObservationIsNotCalledAgainAndNoLongerCounts() {
    let loader = ContentLoader<Int>()
    var calls = 0
    var observation: LoaderObservation? = loader.observe { calls += 1 }
    loader.state = .loading(cache: nil)
    #expect(calls == 1)
    #expect(loader.observerCount == 1)
    observation = nil
    #expect(loader.observerCount == 0, "released at once")
    #expect(loader.observerNames.isEmpty)
    loader.state = .success(content: 1)
    #expect(calls == 1, "the handler is not called after its release")
    #expect(observation == nil)
  }

  @Test func trimLetsGoOfTheLoaderReleasedNotTheOneTaken() {
    let store = LoaderStore<String, ContentLoader<Int>>(limit: 1) { _ in ContentLoader<Int>() }
    let first = store.loader(for: "a")
    var watching: LoaderObservation? = first?.observe {}
    _ = store.loader(for: "b")
    watching = nil
    store.trim()
    #expect(store.keys == ["b"], "a is no longer observed, b was taken last")
    #expect(watching == nil)
  }
}
