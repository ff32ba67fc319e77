import ApexyHTTP
import ApexyLoader
import Foundation
import LoopbackHTTP
import XCTest

/// The library guide's cache example: a start that finds what the last run saved, shows it with its
/// age before any request, and revalidates it with the stored `ETag`.
@MainActor
final class GuideCacheExampleTests: XCTestCase {
  func testCacheExampleShowsTheLastRunsBooksAtOnceThenRevalidates() async throws {
    let seen = Recorded()
    let server = HTTPServer { request in
      seen.append(request.headers["if-none-match"] ?? "-")
      if request.headers["if-none-match"] == #""d1""# {
        return .respond(HTTPResponse(status: 304, headers: [("ETag", #""d1""#)]))
      }
      return .respond(
        HTTPResponse(headers: [("ETag", #""d1""#)], body: Data(#"[{"id":1,"title":"Dune"}]"#.utf8)))
    }
    try server.start()
    defer { server.stop() }
    let client = URLSessionClient(baseURL: server.baseURL)
    let cacheDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("readme-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cacheDirectory) }

    // What the last run saved, three hours ago.
    try FileCacheStore(directory: cacheDirectory).write(
      LoaderCacheEntry(
        content: try JSONEncoder().encode([Book(id: 1, title: "Dune")]),
        validators: ["books": ResponseValidators(etag: #""d1""#)],
        lastConfirmed: Date(timeIntervalSinceNow: -3 * 3_600 - 30)),
      for: LoaderCacheKey(namespace: "https://booklibrary.example", name: "books"))

    // MARK: - The library guide's example (docs/libraries.md), verbatim

    let store = FileCacheStore(directory: cacheDirectory)  // created 0700, entries 0600
    let books = BooksLoader(apiClient: client)
    books.policies = LoaderPolicies(revalidates: true)
    books.cache = LoaderCache(  // restores at once: .success, as the last run saved it
      store: store, key: LoaderCacheKey(namespace: "https://booklibrary.example", name: "books"))

    var status: [String] = []
    if books.freshness.isRestored, let age = books.freshness.age(at: books.scheduler.now) {
      status.append("cached \(Int(age / 3_600))h ago")
    }
    if let problem = books.cacheProblem {
      status.append(problem)  // one line; the cache is skipped, the load goes on
    }
    books.load()  // sends the stored ETag: a 304 keeps the books and saves the new time

    // MARK: - What it shows

    XCTAssertEqual(status, ["cached 3h ago"])
    XCTAssertEqual(books.state, .loading(cache: [Book(id: 1, title: "Dune")]))
    for await state in books.states where !state.isLoading { break }
    await books.cache?.flush()
    XCTAssertEqual(books.state, .success(content: [Book(id: 1, title: "Dune")]))
    XCTAssertEqual(seen.values, [#""d1""#])
    XCTAssertEqual(books.lastResponse?.statusCode, 304)
    let saved = try XCTUnwrap(try store.read(books.cache!.key))
    XCTAssertEqual(saved.lastConfirmed.timeIntervalSinceNow, 0, accuracy: 60)
  }
}
