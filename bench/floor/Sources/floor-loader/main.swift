import ApexyHTTP
import ApexyLoader
import FloorNcurses
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// The floor with what Apexy's API asks of any program that shows a loader, and nothing of the
// app's own: a `URLSessionClient` made as the app makes its client, one `WebLoader` on the
// main actor observed through `observe` (its state takes part in Observation), and the main actor's queue
// drained by the main run loop; then `floor`'s one frame. No request is sent (`startLoading`
// only moves the state), as the app's start sends none before `f`. Measured beside `floor` and
// the app (bench/floor/README.md), it tells what the API costs at start from what the app adds.
@MainActor
func showLoader() -> Never {
  let client = URLSessionClient(
    requestAdapter: BaseRequestAdapter(baseURL: URL(string: "http://127.0.0.1:1/")!),
    defaults: RequestDefaults(
      requestTimeout: 30, deadline: 30, additionalHeaders: ["User-Agent": "loader-tui/0.2.0"]))
  let loader = WebLoader<[String]>(apiClient: client)
  var changes = 0
  let observation = loader.observe { changes += 1 }
  loader.startLoading()
  withExtendedLifetime((loader, observation)) { floor_draw_and_wait() }
  exit(changes == 1 ? 0 : 1)
}

Task { @MainActor in showLoader() }
RunLoop.main.run()
