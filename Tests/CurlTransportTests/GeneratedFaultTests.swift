import ApexyHTTP
import AppTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Generated runs over the fault server's faults: a server that breaks HTTP/2, reached directly
/// or through a CONNECT proxy (`HTTPS_PROXY`) that works, refuses (407, 502), closes, tunnels
/// then closes, or is down; a method and a number of retries drawn with them. Invariants: the
/// failure names the party that failed (the proxy, or the server, through the proxy when there
/// is one); a request reaches the server, and asks the proxy for a tunnel, at most as often as
/// its method allows (a 407 exactly once: it is never retried). `FAULT_SEED=S` replays one run.
final class GeneratedFaultTests: FaultTestCase {
  private static let serverModes = ["ok", "dies", "cut-body", "rst-internal"]
  private static let proxyModes = [
    "none", "proxy", "proxy-407", "proxy-502", "proxy-close", "proxy-tunnel-close", "proxy-down",
  ]

  /// One drawn run.
  private struct Run: CustomStringConvertible {
    let server: String
    let proxy: String
    let method: String
    let retries: Int

    /// How many times the request may be sent: once, or once and each retry for a method the
    /// policy retries.
    var allowed: Int { RetryPolicy.idempotentMethods.contains(method) ? 1 + retries : 1 }

    var description: String {
      "\(method) to a server in mode \(server) through proxy \(proxy), retries \(retries)"
    }
  }

  func testEveryFailureNamesItsPartyAndNoRequestIsSentMoreThanItsMethodAllows() async throws {
    let tls = try trustedTLS()
    var servers: [String: FaultServer] = [:]
    for mode in Self.serverModes + Self.proxyModes.dropFirst() {
      servers[mode] = try FaultServer(mode, tls: mode.hasPrefix("proxy") ? nil : tls)
    }
    for seed in SeededGenerator.seeds(replaying: "FAULT_SEED", else: 1...40) {
      var random = SeededGenerator(seed: seed)
      let run = Run(
        server: Self.serverModes.randomElement(using: &random)!,
        proxy: Self.proxyModes.randomElement(using: &random)!,
        method: ["GET", "PUT", "POST", "PATCH"].randomElement(using: &random)!,
        retries: Int.random(in: 0...2, using: &random))
      let found = try await check(run, servers)
      for problem in found {
        XCTFail("FAULT_SEED=\(seed) replays: \(run): \(problem)")
      }
    }
  }

  /// What `run` broke of the invariants; empty when it kept them all.
  private func check(_ run: Run, _ servers: [String: FaultServer]) async throws -> [String] {
    let server = try XCTUnwrap(servers[run.server])
    let proxy = servers[run.proxy]
    let restore = ProxyVariables.set(proxy.map { ["HTTPS_PROXY": "127.0.0.1:\($0.port)"] } ?? [:])
    defer { restore() }
    let (reached, asked) = (server.received.count, proxy?.received.count ?? 0)
    let policy = RetryPolicy(maxRetries: run.retries, baseDelay: 0.001, maxDelay: 0.001)
    let client = URLSessionClient(
      baseURL: URL(string: "http://127.0.0.1")!, completionQueue: DispatchQueue(label: "runs"),
      retryPolicy: policy)
    let body = run.method == "GET" ? "" : "body"
    var detail: String?
    do {
      _ = try await client.request(SendEndpoint(run.method, server.url(), body: body))
    } catch let error as URLError {
      detail = error.failureDetail
    }
    var found: [String] = []
    let copies = server.received.count - reached
    let tunnels = (proxy?.received.count ?? 0) - asked
    if copies > run.allowed { found.append("reached the server \(copies) times") }
    if tunnels > (run.proxy == "proxy-407" ? 1 : run.allowed) {
      found.append("asked the proxy for \(tunnels) tunnels")
    }
    found += named(detail, run, server: "127.0.0.1:\(server.port)", proxy: proxy)
    if let proxy, run.proxy != "proxy", copies > 0 || detail == nil {
      found.append("the server answered through a failing proxy \(proxy.port)")
    }
    return found
  }

  /// Whether `detail`, the failure's reason, names the party that failed.
  private func named(_ detail: String?, _ run: Run, server: String, proxy: FaultServer?)
    -> [String]
  {
    let fails = run.server != "ok" || !(run.proxy == "none" || run.proxy == "proxy")
    guard let detail else { return fails ? ["succeeded"] : [] }
    guard fails else { return ["failed: \(detail)"] }
    guard let proxy else {
      return detail.contains(server) && !detail.contains("proxy") ? [] : ["named: \(detail)"]
    }
    let through = "Through the proxy 127.0.0.1:\(proxy.port): "
    let namesProxy = detail.contains("proxy 127.0.0.1:\(proxy.port)")
    if run.proxy == "proxy" {
      return detail.hasPrefix(through) && detail.contains(server) ? [] : ["named: \(detail)"]
    }
    return namesProxy && !detail.hasPrefix(through) ? [] : ["named: \(detail)"]
  }
}
