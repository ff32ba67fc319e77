import ApexyHTTP
import ApexyLoader

/// A web loader of one number from `number`, for the tests of loading and releasing.
@MainActor
final class NumberLoader: WebLoader<Int>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    request(PathEndpoint<Int>(path: "number"))
  }
}
