import FloorCurl
import FloorNcurses
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// What the app's network layer does before a frame, as far as the libraries are concerned.
var request = URLRequest(url: URL(string: "http://127.0.0.1:1/orgs/RedMadRobot")!)
request.setValue("loader-tui/0.1.0", forHTTPHeaderField: "User-Agent")
curl_global_init(floor_curl_global_all())
let multi = curl_multi_init()
_ = floor_curl_multi_pipelining(multi)
withExtendedLifetime(request) { floor_draw_and_wait() }
