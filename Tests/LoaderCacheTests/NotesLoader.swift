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
