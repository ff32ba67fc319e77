import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Through a proxy that `HTTPS_PROXY` names (`FaultServer`'s proxy modes), a failure names the
/// party that failed: the proxy and what it answered, or the server reached through its tunnel;
/// never the proxy's credentials. A 407 is not retried.
final class ProxyFaultTests: FaultTestCase {
  private let faults = [
    Fault(
      mode: "proxy-407", code: .userAuthenticationRequired,
      says: "refused the tunnel to ORIGIN: 407 Proxy Authentication Required; set credentials "
        + "in HTTPS_PROXY (http://user:pass@host:port)."),
    Fault(
      mode: "proxy-502", code: .cannotConnectToHost,
      says: "could not open the tunnel to ORIGIN: 502 Bad Gateway."),
    Fault(
      mode: "proxy-close", code: .networkConnectionLost,
      says: "closed the connection before answering the tunnel request (CONNECT) to ORIGIN."),
    Fault(
      mode: "proxy-tunnel-close", code: .networkConnectionLost,
      says: "closed during the TLS handshake, before any response (the proxy or ORIGIN ended it)"),
    Fault(mode: "proxy-down", code: .cannotConnectToHost, says: "Cannot connect to the proxy"),
  ]

  func testEachProxyFaultNamesTheProxyAndWhatItSaid() async throws {
    let origin = try FaultServer("ok", tls: try trustedTLS())
    for fault in faults {
      let proxy = try FaultServer(fault.mode)
      let restore = ProxyVariables.set(["HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)"])
      defer { restore() }
      let started = Date()
      let error = await failure(client(), origin.url())
      let detail = error?.failureDetail ?? "answered"
      let says = fault.says.replacingOccurrences(of: "ORIGIN", with: "127.0.0.1:\(origin.port)")
      XCTAssertEqual(error?.code, fault.code, "\(fault.mode): \(detail)")
      XCTAssertTrue(detail.contains(says), "\(fault.mode): \(detail)")
      XCTAssertTrue(detail.contains("proxy 127.0.0.1:\(proxy.port)"), "\(fault.mode): \(detail)")
      XCTAssertLessThan(Date().timeIntervalSince(started), 3, fault.mode)
      XCTAssertEqual(origin.received.count, 0, "\(fault.mode): reached the server")
    }
  }

  func testAProxyThatRefusesItsCredentialsSaysSoWithoutShowingThem() async throws {
    let origin = try FaultServer("ok", tls: try trustedTLS())
    let proxy = try FaultServer("proxy-407")
    let restore = ProxyVariables.set([
      "https_proxy": "http://robot:hunter2@127.0.0.1:\(proxy.port)"
    ])
    defer { restore() }
    let error = await failure(client(), origin.url())
    let detail = error?.failureDetail ?? "answered"
    XCTAssertEqual(error?.code, .userAuthenticationRequired, detail)
    XCTAssertTrue(detail.contains("it refused the credentials in https_proxy"), detail)
    XCTAssertFalse(detail.contains("hunter2") || detail.contains("robot"), detail)
    XCTAssertFalse(error.map { "\($0)" }?.contains("hunter2") ?? true)
  }

  func testAProxyLibcurlRefusesIsNamedWithoutItsCredentials() async throws {
    let origin = try FaultServer("ok", tls: try trustedTLS())
    for (value, says) in [
      ("http://robot:hunter2@[bad", "Cannot find the proxy http://[bad (HTTPS_PROXY)."),
      ("ftp://robot:hunter2@127.0.0.1:9", "Cannot connect to the proxy 127.0.0.1:9 (HTTPS_PROXY)."),
    ] {
      let restore = ProxyVariables.set(["HTTPS_PROXY": value])
      defer { restore() }
      let error = await failure(client(), origin.url())
      let detail = error?.failureDetail ?? "answered"
      XCTAssertTrue(detail.hasPrefix(says), detail)
      XCTAssertTrue(detail.contains("(libcurl: Unsupported proxy "), detail)
      XCTAssertFalse(detail.contains("hunter2") || detail.contains("robot"), detail)
    }
  }

  func testAServerThatFailsThroughTheTunnelIsNamedAsTheServer() async throws {
    let origin = try FaultServer("dies", tls: try trustedTLS())
    let proxy = try FaultServer("proxy")
    let restore = ProxyVariables.set(["HTTPS_PROXY": "127.0.0.1:\(proxy.port)"])
    defer { restore() }
    let error = await failure(client(), origin.url())
    let detail = error?.failureDetail ?? "answered"
    XCTAssertEqual(error?.code, .networkConnectionLost, detail)
    XCTAssertTrue(
      detail.hasPrefix(
        "Through the proxy 127.0.0.1:\(proxy.port): 127.0.0.1:\(origin.port) closed the connection"),
      detail)
    XCTAssertEqual(proxy.received.map(\.method), ["CONNECT"])
  }

  func testA407IsAskedOnceAndA502AsOftenAsTheRetriesAllow() async throws {
    let origin = try FaultServer("ok", tls: try trustedTLS())
    let policy = RetryPolicy(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.01)
    for (mode, connects) in [("proxy-407", 1), ("proxy-502", 4)] {
      let proxy = try FaultServer(mode)
      let restore = ProxyVariables.set(["HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)"])
      defer { restore() }
      let client = URLSessionClient(
        baseURL: URL(string: "http://127.0.0.1")!, completionQueue: DispatchQueue(label: mode),
        retryPolicy: policy)
      let error = await failure(client, origin.url())
      XCTAssertNotNil(error, mode)
      XCTAssertEqual(proxy.received.filter { $0.method == "CONNECT" }.count, connects, mode)
    }
  }
}

/// The proxy variables libcurl reads, set for a test and put back after it.
enum ProxyVariables {
  /// Every variable libcurl reads to choose a proxy for http and https.
  static let names = [
    "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
  ]

  /// Sets `values` and unsets the other proxy variables; returns what puts them all back.
  static func set(_ values: [String: String]) -> () -> Void {
    let saved = names.map { ($0, getenv($0).map { String(cString: $0) }) }
    for name in names {
      if let value = values[name] { setenv(name, value, 1) } else { unsetenv(name) }
    }
    return {
      for (name, value) in saved {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
  }
}
