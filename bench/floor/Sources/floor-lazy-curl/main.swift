import FloorCurlLazy
import FloorNcurses
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// As the app starts since libcurl is loaded at the first request: FoundationNetworking (one
// URLRequest) and libcurl's functions linked, libcurl itself not loaded until called.
var request = URLRequest(url: URL(string: "http://127.0.0.1:1/orgs/RedMadRobot")!)
request.setValue("loader-tui/0.1.0", forHTTPHeaderField: "User-Agent")
if CommandLine.arguments.count > 99 { _ = ccurl_lazy_loaded() }
withExtendedLifetime(request) { floor_draw_and_wait() }
