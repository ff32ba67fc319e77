import ApexyHTTP
import Foundation
import XCTest

@testable import CurlTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The proxy a failure names is the one libcurl took: `CurlProxy` reads the variables by
/// libcurl's rules (the scheme's variable, `ALL_PROXY`, `NO_PROXY`), checked against a table and
/// against libcurl itself, sending through a proxy that logs what reaches it.
final class ProxyRuleTests: FaultTestCase {
  /// Variables, a URL, and the proxy (`VARIABLE host:port`) libcurl takes; `nil` for none.
  private let rules: [([String: String], String, String?)] = [
    (["HTTPS_PROXY": "p:3128"], "https://a.example/", "HTTPS_PROXY p:3128"),
    (["https_proxy": "low:1", "HTTPS_PROXY": "up:2"], "https://a/", "https_proxy low:1"),
    (["HTTP_PROXY": "up:2"], "http://a/", nil),
    (["HTTP_PROXY": "up:2", "ALL_PROXY": "all:3"], "http://a/", "ALL_PROXY all:3"),
    (["http_proxy": "low:1"], "http://a/", "http_proxy low:1"),
    (["http_proxy": "low:1"], "https://a/", nil),
    (["all_proxy": "a:1", "ALL_PROXY": "b:2"], "https://a/", "all_proxy a:1"),
    (["HTTPS_PROXY": "", "ALL_PROXY": "b:2"], "https://a/", "ALL_PROXY b:2"),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": ""], "https://a/", "HTTPS_PROXY p:1"),
    (["HTTPS_PROXY": "p"], "https://a/", "HTTPS_PROXY p:1080"),
    (["HTTPS_PROXY": "https://p"], "https://a/", "HTTPS_PROXY p:443"),
    (["HTTPS_PROXY": "socks5h://u:secret@p:9"], "https://a/", "HTTPS_PROXY p:9"),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "example.com"], "https://api.example.com/", nil),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "example.com"], "https://EXAMPLE.com./", nil),
    (
      ["HTTPS_PROXY": "p:1", "NO_PROXY": "example.com"], "https://notexample.com/",
      "HTTPS_PROXY p:1"
    ),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": ".example.com"], "https://example.com/", nil),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "a.com, b.com"], "https://x.b.com/", nil),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "*"], "https://a/", nil),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "*,b"], "https://a/", "HTTPS_PROXY p:1"),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "127.0.0.0/8"], "https://127.0.0.1/", nil),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "10.0.0.0/8"], "https://127.0.0.1/", "HTTPS_PROXY p:1"),
    (["HTTPS_PROXY": "p:1", "NO_PROXY": "::1"], "https://[::1]:8/", nil),
    (["HTTPS_PROXY": "p:1", "no_proxy": "a", "NO_PROXY": "b"], "https://b/", "HTTPS_PROXY p:1"),
  ]

  func testTheVariablesAreReadByLibcurlsRules() {
    for (variables, url, expected) in rules {
      let proxy = CurlProxy.forURL(URL(string: url)!) { variables[$0] }
      let found = proxy.map { "\($0.variable) \($0.address)" }
      XCTAssertEqual(found, expected, "\(variables) \(url)")
    }
  }

  func testLibcurlTakesTheProxyThatIsNamed() async throws {
    let origin = try FaultServer("ok", tls: try trustedTLS())
    let at = "127.0.0.1:PROXY"
    let cases: [([String: String], String)] = [
      (["HTTPS_PROXY": at], "127.0.0.1"),
      (["HTTPS_PROXY": at, "NO_PROXY": "127.0.0.1"], "127.0.0.1"),
      (["HTTPS_PROXY": at, "NO_PROXY": "127.0.0.0/8"], "127.0.0.1"),
      (["HTTPS_PROXY": at, "NO_PROXY": "10.0.0.0/8, 127.0.0.2"], "127.0.0.1"),
      (["HTTPS_PROXY": at, "no_proxy": ".localhost"], "localhost"),
      (["HTTPS_PROXY": at, "NO_PROXY": "*"], "localhost"),
      (["https_proxy": "", "ALL_PROXY": at], "localhost"),
      (["ALL_PROXY": at], "localhost"),
      (["HTTP_PROXY": at], "localhost"),
    ]
    for (named, host) in cases {
      // A proxy of its own for each case: no tunnel kept from the one before is taken again.
      let proxy = try FaultServer("proxy")
      let variables = named.mapValues {
        $0.replacingOccurrences(of: "PROXY", with: "\(proxy.port)")
      }
      let restore = ProxyVariables.set(variables)
      defer { restore() }
      let url = URL(string: "https://\(host):\(origin.port)/")!
      let error = await failure(client(), url)
      XCTAssertNil(error, "\(variables) \(host)")
      let used = !proxy.received.isEmpty
      XCTAssertEqual(used, CurlProxy.forURL(url) != nil, "\(variables) \(host)")
    }
  }
}
