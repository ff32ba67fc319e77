import ApexyHTTP
import ApexyLoader
import Foundation

/// A web loader of one number from `number`, for the tests of loading and releasing.
@MainActor
final class NumberLoader: WebLoader<Int>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    request(PathEndpoint<Int>(path: "number"))
  }
}

extension NumberLoader {
  /// A loader on `client` that has started its load, and the progress of its request.
  static func loading(on client: FakeClient) -> (NumberLoader?, Progress?) {
    let loader = NumberLoader(apiClient: client)
    loader.load()
    return (loader, client.requests.first?.progress)
  }
}
