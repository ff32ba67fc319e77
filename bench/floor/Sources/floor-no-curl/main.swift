import FloorNcurses
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

var request = URLRequest(url: URL(string: "http://127.0.0.1:1/orgs/RedMadRobot")!)
request.setValue("loader-tui/0.1.0", forHTTPHeaderField: "User-Agent")
withExtendedLifetime(request) { floor_draw_and_wait() }
