import FloorCurl
import FloorNcurses
import Foundation

// Foundation itself linked and used (a lock, a thread's name), but no FoundationNetworking.
let url = URL(string: "http://127.0.0.1:1/orgs/RedMadRobot")!
let lock = NSLock()
lock.withLock { Thread.current.name = "floor" }
curl_global_init(floor_curl_global_all())
let multi = curl_multi_init()
_ = floor_curl_multi_pipelining(multi)
withExtendedLifetime((url, lock)) { floor_draw_and_wait() }
