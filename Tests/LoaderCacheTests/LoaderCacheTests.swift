import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

/// A loader given a cache: what it shows at once, what it saves, and how it revalidates.
@MainActor
final class LoaderCacheTests: XCTestCase {
  private let key = LoaderCacheKey(namespace: "https://notes.example", name: "notes")
  private let directory = TemporaryDirectory()

  override func tearDown() {
    directory.remove()
    super.tearDown()
  }

  func testStoredContentIsShownAtOnceWithItsAgeAndTheFirstReloadIsA304() async throws {
    let store = FileCacheStore(directory: directory.url)
    let confirmed = Date(timeIntervalSinceNow: -3 * 3_600)
    try store.write(
      LoaderCacheEntry(
        content: Data(#"["milk","eggs"]"#.utf8),
        validators: [notesKey: ResponseValidators(etag: #""v1""#)],
        lastConfirmed: confirmed), for: key)

    let loader = NotesLoader(transport: transport)
    var seen: [String] = []
    let observation = loader.observe { seen.append(loader.state.description) }
    loader.cache = LoaderCache(store: store, key: key)

    XCTAssertEqual(loader.state, .success(content: ["milk", "eggs"]))
    XCTAssertEqual(seen.count, 1, "observers see the restored content once, before any request")
    XCTAssertTrue(loader.freshness.isRestored)
    XCTAssertEqual(
      loader.freshness.age(at: Date())!, 3 * 3_600, accuracy: 5, "the age a status bar shows")
    XCTAssertTrue(transport.requests.isEmpty)

    transport.answer { request in
      request.value(forHTTPHeaderField: "If-None-Match") == #""v1""#
        ? .respond(status: 304, headers: ["ETag": #""v1""#]) : .json(Data(#"["new"]"#.utf8))
    }
    await loader.loadToEnd()
    XCTAssertEqual(loader.state, .success(content: ["milk", "eggs"]))
    XCTAssertEqual(loader.lastResponse?.statusCode, 304)
    XCTAssertFalse(loader.freshness.isRestored)

    let saved = try XCTUnwrap(try store.read(key))
    XCTAssertEqual(saved.lastConfirmed.timeIntervalSinceNow, 0, accuracy: 5, "the 304 is saved")
    XCTAssertEqual(saved.validators[notesKey]?.etag, #""v1""#)
    XCTAssertNil(loader.cacheProblem)
    withExtendedLifetime(observation) {}
  }

  func testEveryConfirmedSuccessIsSavedForTheNextProcess() async throws {
    let store = FileCacheStore(directory: directory.url)
    transport.answer { _ in .respond(headers: ["ETag": #""v2""#], body: Data(#"["tea"]"#.utf8)) }
    let first = NotesLoader(transport: transport)
    first.cache = LoaderCache(store: store, key: key)
    XCTAssertEqual(first.state, .initial, "nothing stored yet")
    await first.loadToEnd()

    // A second loader, as in the next start of the app.
    let second = NotesLoader(transport: transport)
    second.cache = LoaderCache(store: FileCacheStore(directory: directory.url), key: key)
    XCTAssertEqual(second.state, .success(content: ["tea"]))
    XCTAssertEqual(
      second.revalidationCache.conditional(NotesEndpoint()).validators?.etag, #""v2""#,
      "the stored validators are ready for the first reload")
  }

  func testACorruptEntryIsReportedInOneLineAndReplacedByTheNextLoad() async throws {
    let store = FileCacheStore(directory: directory.url)
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    try Data("not an entry at all".utf8).write(to: URL(fileURLWithPath: store.path(of: key)))
    transport.answer { _ in .json(Data(#"["bread"]"#.utf8)) }

    let loader = NotesLoader(transport: transport)
    loader.cache = LoaderCache(store: store, key: key)
    XCTAssertEqual(loader.state, .initial)
    let problem = try XCTUnwrap(loader.cacheProblem)
    XCTAssertTrue(problem.contains("corrupt"), problem)
    XCTAssertFalse(problem.contains("\n"))

    await loader.loadToEnd()
    XCTAssertEqual(loader.state, .success(content: ["bread"]))
    XCTAssertNil(loader.cacheProblem, "a successful write clears the problem")
    XCTAssertEqual(try store.read(key)?.content, Data(#"["bread"]"#.utf8))
  }

  func testACacheProblemGoingAwayYieldsNoStateOfItsOwn() async throws {
    let store = FileCacheStore(directory: directory.url)
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    try Data("not an entry at all".utf8).write(to: URL(fileURLWithPath: store.path(of: key)))
    transport.answer { _ in .json(Data(#"["bread"]"#.utf8)) }
    var loader: NotesLoader? = NotesLoader(transport: transport)
    loader?.cache = LoaderCache(store: store, key: key)
    XCTAssertNotNil(loader?.cacheProblem)
    let stream = loader!.states
    await loader?.loadToEnd()
    XCTAssertNil(loader?.cacheProblem, "observers heard the problem go; the state stayed")
    loader = nil
    var received: [LoadingState<[String]>] = []
    for await state in stream { received.append(state) }
    XCTAssertEqual(received, [.initial, .loading(cache: nil), .success(content: ["bread"])])
  }

  func testAFullDiskNeverFailsTheLoad() async throws {
    let store = FailingStore(
      LoaderCacheStoreError.io(
        operation: "create", path: "/cache/x", reason: String(cString: strerror(ENOSPC))))
    transport.answer { _ in .json(Data(#"["jam"]"#.utf8)) }
    let loader = NotesLoader(transport: transport)
    loader.cache = LoaderCache(store: store, key: key)
    XCTAssertEqual(loader.cacheProblem, "cannot create /cache/x: No space left on device")

    await loader.loadToEnd()
    XCTAssertEqual(loader.state, .success(content: ["jam"]))
    XCTAssertEqual(store.writes, 1)
    XCTAssertEqual(loader.cacheProblem, "cannot create /cache/x: No space left on device")
  }

  func testAnEntryOfAnotherContentVersionIsIgnoredAndReplaced() async throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(
      LoaderCacheEntry(
        content: Data(#"{"old":"shape"}"#.utf8), contentVersion: 1,
        lastConfirmed: Date()), for: key)
    transport.answer { _ in .json(Data(#"["rice"]"#.utf8)) }
    let loader = NotesLoader(transport: transport)
    loader.cache = LoaderCache(store: store, key: key, codec: .json(version: 2))
    XCTAssertEqual(loader.state, .initial)
    XCTAssertEqual(
      loader.cacheProblem,
      "cache entry https://notes.example notes is of version 1, not 2; it will be replaced")
    await loader.loadToEnd()
    XCTAssertEqual(try store.read(key)?.contentVersion, 2)
  }

  // MARK: - Helpers

  private let transport = StubTransport()

  /// The key `revalidationCache` stores the validators of `GET notes` under.
  private var notesKey: String { ConditionalEndpoint(NotesEndpoint(), validators: nil).key! }
}

/// A loader started from its cache with a refresh interval revalidates on the schedule from the
/// start, as one that loaded does: not only once something loads it by hand.
@MainActor
final class RestoredRefreshTests: XCTestCase {
  private let key = LoaderCacheKey(namespace: "https://notes.example", name: "notes")
  private let directory = TemporaryDirectory()

  override func tearDown() {
    directory.remove()
    super.tearDown()
  }

  func testRestoredContentIsRevalidatedAfterTheRefreshInterval() async throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(
      LoaderCacheEntry(content: Data(#"["milk"]"#.utf8), validators: [:], lastConfirmed: Date()),
      for: key)
    let transport = StubTransport { _ in .json(Data(#"["milk","eggs"]"#.utf8)) }
    let clock = ManualScheduler()
    let loader = NotesLoader(transport: transport)
    loader.scheduler = clock
    loader.policies = LoaderPolicies(revalidates: true, refreshInterval: 2)
    loader.cache = LoaderCache(store: store, key: key)
    XCTAssertEqual(loader.state, .success(content: ["milk"]))

    clock.advance(by: 1.9)
    XCTAssertFalse(loader.state.isLoading, "not before the interval")
    clock.advance(by: 0.1)
    XCTAssertTrue(loader.state.isLoading, "the interval after the start, without a load by hand")
    for await state in loader.states where !state.isLoading { break }
    XCTAssertEqual(loader.state, .success(content: ["milk", "eggs"]))
    XCTAssertEqual(transport.requests.count, 1)
  }
}
