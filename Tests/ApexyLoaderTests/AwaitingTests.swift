import ApexyHTTP
import ApexyLoader
import Foundation
import Testing

/// A load's result awaited instead of observed: `value`, `fetch()`, `ensureContent()`, and the
/// store's `fetch`/`ensureContent`, as TanStack Query's `fetchQuery` and `ensureQueryData`.
@MainActor
@Suite struct AwaitingTests {
  /// A loader whose loads end when the test says.
  private final class Counter: ContentLoader<Int>, ContentLoading {
    var loads = 0

    func load() {
      guard startLoading() else { return }
      loads += 1
    }
  }

  @Test func valueWaitsForTheLoadUnderWayAndReturnsItsContent() async throws {
    let loader = Counter()
    loader.load()
    Task { @MainActor in loader.finishLoading(.success(7)) }
    #expect(try await loader.value == 7)
    // Not loading: the last load's content at once.
    #expect(try await loader.value == 7)
  }

  @Test func valueThrowsTheErrorOfAFailedLoad() async {
    let loader = Counter()
    loader.load()
    Task { @MainActor in loader.finishLoading(.failure(URLError(.timedOut))) }
    await #expect(throws: URLError(.timedOut)) { try await loader.value }
  }

  @Test func aCancelledWaitThrowsCancellation() async {
    let loader = Counter()
    loader.load()
    let waiting = Task { @MainActor in try await loader.value }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    loader.finishLoading(.success(1))
  }

  @Test func fetchLoadsAndEnsureContentLoadsOnlyWithoutContent() async throws {
    let loader = Counter()
    Task { @MainActor in loader.finishLoading(.success(1)) }
    #expect(try await loader.ensureContent() == 1)
    #expect(loader.loads == 1)
    #expect(try await loader.ensureContent() == 1)
    #expect(loader.loads == 1, "content there: no load")
    Task { @MainActor in loader.finishLoading(.success(2)) }
    #expect(try await loader.fetch() == 2)
    #expect(loader.loads == 2, "fetch always loads")
  }

  @Test func theStoreFetchesAndEnsuresByKey() async throws {
    let store = LoaderStore<Int, Counter>(make: { $0 < 0 ? nil : Counter() })
    Task { @MainActor in store.existingLoader(for: 3)?.finishLoading(.success(30)) }
    #expect(try await store.fetch(3) == 30)
    #expect(try await store.ensureContent(3) == 30)
    #expect(store.existingLoader(for: 3)?.loads == 1)
    await #expect(throws: NoLoaderError.self) { try await store.fetch(-1) }
  }

  @Test func aStoreReloadsAKeptLoaderWhenTakenIfItsRuleSaysSo() {
    let store = LoaderStore<Int, Counter>(make: { _ in Counter() })
    let loader = store.loader(for: 1)
    loader?.load()
    loader?.finishLoading(.success(1))
    _ = store.loader(for: 1)
    #expect(loader?.loads == 1, "by default, taking a kept loader does not load it")
    store.reloadsWhenTaken = { $0.state.content == 1 }
    _ = store.loader(for: 1)
    #expect(loader?.loads == 2)
    // Loading already: not loaded twice.
    _ = store.loader(for: 1)
    #expect(loader?.loads == 2)
    loader?.finishLoading(.success(2))
  }
}
