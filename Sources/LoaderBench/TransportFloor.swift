import ApexyHTTP
import Foundation

/// The floor under the app's whole-run CPU, for `bench.py`: `LoaderBench nothing` starts and
/// exits (what any Swift program linking Foundation pays), `LoaderBench fetch BASE` sends the
/// organization and repositories requests at once through a `URLSessionClient` made as the
/// app's is, and exits when both answered, decoding and keeping nothing.
enum TransportFloor {
  /// Handles `nothing` and `fetch BASE`; returns `false` for any other arguments.
  static func run(_ arguments: [String]) -> Bool {
    switch arguments.first {
    case "nothing":
      exit(0)
    case "fetch":
      guard arguments.count == 2, let base = URL(string: arguments[1]) else {
        FileHandle.standardError.write(Data("usage: LoaderBench fetch BASE_URL\n".utf8))
        exit(2)
      }
      fetch(base)
    default:
      return false
    }
  }

  private static func fetch(_ base: URL) -> Never {
    // Made as the app's client is (`GitHubConfiguration.makeClient`): with `RequestDefaults`, no session.
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: base), defaults: RequestDefaults())
    let group = DispatchGroup()
    var failed = false
    for path in ["orgs/RedMadRobot", "orgs/RedMadRobot/repos?per_page=100&page=1"] {
      group.enter()
      _ = client.request(RawEndpoint(path: path)) { result in
        if case .failure = result { failed = true }
        group.leave()
      }
    }
    group.notify(queue: .main) { exit(failed ? 1 : 0) }
    dispatchMain()
  }
}

/// A GET of `path` whose content is the body as it came.
private struct RawEndpoint: Endpoint {
  let path: String

  func makeRequest() throws -> URLRequest {
    guard let url = URL(string: path) else { throw URLError(.badURL) }
    return URLRequest(url: url)
  }

  func content(from response: URLResponse?, with body: Data) throws -> Data { body }
}
