import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET notes`, a JSON array of strings.
struct NotesEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "notes")!) }

  func content(from response: URLResponse?, with body: Data) throws -> [String] {
    try JSONDecoder().decode([String].self, from: body)
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else { throw URLError(.badServerResponse) }
  }
}

/// A revalidating loader of `GET notes` against a stub transport.
@MainActor
final class NotesLoader: WebLoader<[String]>, ContentLoading {
  /// A loader whose requests `transport` answers.
  init(transport: StubTransport) {
    super.init(
      apiClient: URLSessionClient(
        baseURL: transport.baseURL, configuration: transport.configuration()))
    policies = LoaderPolicies(revalidates: true)
  }

  func load() {
    guard startLoading() else { return }
    request(NotesEndpoint())
  }

  /// Loads, waits for the end of the load, then for the cache write and its report.
  func loadToEnd() async {
    load()
    for await state in states where !state.isLoading { break }
    await cache?.flush()
  }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loader-cache-\(UUID().uuidString)")
  }

  /// `name` inside the directory.
  func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A store that fails every call with `error`, counting the writes it was asked for.
final class FailingStore: LoaderCacheStore, @unchecked Sendable {
  let error: Error
  private let lock = NSLock()
  private var writeCount = 0

  init(_ error: Error) { self.error = error }

  var writes: Int { lock.withLock { writeCount } }

  func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? { throw error }

  func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    lock.withLock { writeCount += 1 }
    throw error
  }

  func remove(_ key: LoaderCacheKey) throws { throw error }
}
