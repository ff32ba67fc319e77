import FloorCurl
import FloorNcurses
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The floor the app's start is measured against (bench/run.sh builds it with
// scripts/build-release, as the app is built): what the app's network layer links (Foundation,
// FoundationNetworking, libcurl through CurlOnDemand) and ncursesw, one URLRequest, one frame,
// then waits for q. libcurl is opened on demand, as in the app, and never here: the call below
// is never made (the app initializes libcurl at its first request, not at start).
var request = URLRequest(url: URL(string: "http://127.0.0.1:1/orgs/RedMadRobot")!)
request.setValue("loader-tui/0.1.0", forHTTPHeaderField: "User-Agent")
if CommandLine.arguments.count > 99 { curl_global_init(floor_curl_global_all()) }
withExtendedLifetime(request) { floor_draw_and_wait() }
