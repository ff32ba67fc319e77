import FloorCurl
import FloorNcurses
import FoundationEssentials

let url = URL(string: "http://127.0.0.1:1/orgs/RedMadRobot")!
curl_global_init(floor_curl_global_all())
let multi = curl_multi_init()
_ = floor_curl_multi_pipelining(multi)
withExtendedLifetime(url) { floor_draw_and_wait() }
