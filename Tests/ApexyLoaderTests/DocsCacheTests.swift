import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import XCTest

/// The code of the article "The persisted cache" (`ApexyLoader.docc/PersistedCache.md`), as the
/// article shows it, with the loaders of the library guide's example (`GuideExampleTests.swift`).
@MainActor
final class DocsCacheTests: XCTestCase {
  private var home: URL!

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory
      .appendingPathComponent("docs-cache-\(UUID().uuidString)")
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(at: home)
  }

  func testTheUsersCacheDirectoryFollowsXDG() async {
    let environment = ["HOME": home.path, "XDG_CACHE_HOME": ""]

    // MARK: - The article's code, verbatim
    let directory = FileCacheStore.userCacheDirectory(
      named: "booklibrary", environment: environment)
    // $XDG_CACHE_HOME/booklibrary, else ~/.cache/booklibrary

    XCTAssertEqual(directory?.path, home.appendingPathComponent(".cache/booklibrary").path)
  }

  func testAVersionedCodecReplacesEntriesOfAnotherVersion() async throws {
    let stub = StubTransport { _ in .json(Data(#"[{"id":1,"title":"Dune"}]"#.utf8)) }
    let client = URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration())
    let directory = home.appendingPathComponent("booklibrary")
    let key = LoaderCacheKey(namespace: "https://booklibrary.example", name: "books")
    try FileCacheStore(directory: directory).write(
      LoaderCacheEntry(content: Data("old".utf8), contentVersion: 1, lastConfirmed: Date()),
      for: key)

    // MARK: - The article's code, verbatim
    let store = FileCacheStore(
      directory: directory,
      limits: FileCacheStore.Limits(maxEntriesPerNamespace: 8, maxTotalBytes: 4 << 20))
    let books = BooksLoader(apiClient: client)
    books.cache = LoaderCache(store: store, key: key, codec: .json(version: 2))
    // An entry of version 1 is not decoded: books.cacheProblem says so, in one line.

    XCTAssertEqual(books.state, .initial, "nothing restored")
    XCTAssertEqual(
      books.cacheProblem,
      "cache entry https://booklibrary.example books is of version 1, not 2; it will be replaced")
    books.load()
    for await state in books.states where !state.isLoading { break }
    await books.cache?.flush()
    XCTAssertNil(books.cacheProblem, "the save replaced the entry")
    XCTAssertEqual(try store.read(key)?.contentVersion, 2)
  }

  func testAListingAndAClearServeCacheCommands() async throws {
    let store = FileCacheStore(directory: home.appendingPathComponent("booklibrary"))
    let key = LoaderCacheKey(namespace: "https://booklibrary.example", name: "books")
    try store.write(LoaderCacheEntry(content: Data("[]".utf8), lastConfirmed: Date()), for: key)

    // MARK: - The article's code, verbatim
    for file in store.contents() {
      let name = file.key.map { "\($0)" } ?? file.problem ?? "?"
      print("\(file.bytes) bytes  \(name)")
    }
    try store.removeAll()  // a "cache clear": every entry, not the directory

    XCTAssertEqual(store.contents(), [])
    XCTAssertNil(try store.read(key))
  }

  func testTheLastSaveIsWrittenBeforeTheProcessEnds() async throws {
    let stub = StubTransport { _ in .json(Data(#"[{"id":1,"title":"Dune"}]"#.utf8)) }
    let client = URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration())
    let store = FileCacheStore(directory: home.appendingPathComponent("booklibrary"))
    let key = LoaderCacheKey(namespace: "https://booklibrary.example", name: "books")
    let books = BooksLoader(apiClient: client)
    books.cache = LoaderCache(store: store, key: key)
    books.load()
    for await state in books.states where !state.isLoading { break }

    // MARK: - The article's code, verbatim
    books.cache?.waitUntilWritten()  // at exit: what was saved is on disk

    let saved = try XCTUnwrap(try store.read(key))
    XCTAssertEqual(
      try JSONDecoder().decode([Book].self, from: saved.content), [Book(id: 1, title: "Dune")])
  }
}
