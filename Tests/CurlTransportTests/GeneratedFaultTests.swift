import ApexyHTTP
import AppTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Generated runs over `FaultServer`: each seed draws a server fault (the HTTP/2 GOAWAY ones
/// beside the others), a CONNECT proxy mode (`HTTPS_PROXY`: none, one that works, refuses with
/// 407 or 502, closes, tunnels then closes, or is down), a method (a POST with an
/// `Idempotency-Key` among them), retries (0 to 2), whether the fault meets only the first
/// request, and the client's path (direct or through a session). A proxy that fails never
/// reaches the server, so its run's server fault is moot and the invariants say so. Invariants:
/// a request reaches the server, and asks the proxy for a tunnel, at most as often as its method
/// allows (a 407 exactly once: it is never retried); a request the server did not process is
/// sent again when retries are on, and is the only failure marked so; the failure names the
/// party that failed; every run ends within 5 s. A failure prints its seed; `FAULT_SEED=S`
/// replays that run.
final class GeneratedFaultTests: FaultTestCase {
  private static let serverFaults = [
    "ok", "dies", "cut-body", "goaway-before", "goaway-during", "goaway-below", "goaway-above",
    "goaway-during-below", "rst-internal", "refuse", "uppercase",
  ]
  /// Faults that fail every request they meet.
  private static let failing: Set = [
    "dies", "cut-body", "goaway-before", "goaway-during", "goaway-below", "goaway-above",
    "rst-internal", "refuse",
  ]
  /// Faults where the server says it did not process the request.
  private static let notProcessing: Set = ["goaway-below", "refuse"]
  /// No proxy, one that works, then the ones that fail.
  private static let proxyModes = [
    "none", "proxy", "proxy-407", "proxy-502", "proxy-close", "proxy-tunnel-close", "proxy-down",
  ]
  /// A method and whether it carries an `Idempotency-Key`.
  private static let methods = [
    ("GET", false), ("PUT", false), ("DELETE", false), ("POST", false), ("PATCH", false),
    ("POST", true),
  ]

  /// One drawn run.
  private struct Run: CustomStringConvertible {
    let server: String
    let proxy: String
    let method: String
    let keyed: Bool
    let retries: Int
    let once: Bool
    let direct: Bool

    init(seed: UInt64) {
      var random = SeededGenerator(seed: seed)
      // A quarter of the runs draw a fault the server says it did not process, the rarest to
      // meet otherwise and the one that asks most of the retries.
      let rare = Int.random(in: 0..<4, using: &random) == 0
      let faults = rare ? ["goaway-below", "refuse"] : GeneratedFaultTests.serverFaults
      server = faults.randomElement(using: &random)!
      // Half the runs go direct, a quarter through a proxy that works, and a quarter through
      // one that fails (the server fault then moot): most runs meet the server's fault.
      let modes = GeneratedFaultTests.proxyModes
      let through = Int.random(in: 0..<4, using: &random)
      proxy =
        through < 2
        ? modes[0] : through == 2 ? modes[1] : modes[2...].randomElement(using: &random)!
      (method, keyed) = GeneratedFaultTests.methods.randomElement(using: &random)!
      retries = Int.random(in: 0...2, using: &random)
      once = Bool.random(using: &random)
      direct = Bool.random(using: &random)
    }

    /// How many times the request may be processed: once, or once and each retry for a method
    /// the policy retries (an `Idempotency-Key` makes a POST one).
    var allowed: Int {
      RetryPolicy.idempotentMethods.contains(method) || keyed ? 1 + retries : 1
    }
    /// Whether the proxy fails, so the request never reaches the server.
    var proxyFails: Bool { proxy != "none" && proxy != "proxy" }
    /// Whether the server says it did not process the request (the proxy let it through).
    var notProcessed: Bool { !proxyFails && GeneratedFaultTests.notProcessing.contains(server) }
    /// Whether the run must fail: the proxy fails, or a fault that fails a request meets every
    /// one sent (always, or once to a request never sent again: libcurl itself sends a refused
    /// stream again, the policy a request it retries).
    var mustFail: Bool {
      let sentAgain = server == "refuse" || (retries > 0 && (allowed > 1 || notProcessed))
      return proxyFails || (GeneratedFaultTests.failing.contains(server) && (!once || !sentAgain))
    }

    var description: String {
      "\(server), proxy \(proxy), \(method)\(keyed ? " keyed" : ""), \(retries) retries, "
        + "fault \(once ? "once" : "always"), \(direct ? "direct" : "session")"
    }
  }

  /// What a run did: the failure, and what the server and proxy logged.
  private struct Outcome {
    let failure: URLError?
    let processed: Int
    let refused: Int
    let tunnels: Int
    let seconds: TimeInterval
  }

  func testEveryFaultAndProxyModeKeepsEveryInvariant() async throws {
    let tls = try trustedTLS()
    // A server whose fault meets every request, and a proxy, serve every run drawing them (the
    // runs count what they add to its log); a fault met once needs a server of its own.
    var shared: [String: FaultServer] = [:]
    func started(_ mode: String, tls: TLSFixture?) throws -> FaultServer {
      if let server = shared[mode] { return server }
      let server = try FaultServer(mode, tls: tls)
      shared[mode] = server
      return server
    }
    for seed in SeededGenerator.seeds(replaying: "FAULT_SEED", else: 1...60) {
      let run = Run(seed: seed)
      let server =
        try run.once ? FaultServer(run.server, tls: tls, faults: 1) : started(run.server, tls: tls)
      let proxy = run.proxy == "none" ? nil : try started(run.proxy, tls: nil)
      let outcome = try await send(run, seed: seed, server: server, proxy: proxy)
      let said = outcome.failure?.failureDetail ?? "answered"
      print("generated: seed \(seed): \(run), \(outcome.seconds) s: \(said)")
      let found =
        counted(outcome, run) + retried(outcome, run)
        + named(outcome.failure, run, server: server, proxy: proxy)
      for problem in found {
        XCTFail("seed \(seed) (FAULT_SEED=\(seed) replays it): \(run): \(problem)")
      }
    }
  }

  /// Sends `run`'s request to `server` through `proxy` when given, and returns what happened.
  private func send(_ run: Run, seed: UInt64, server: FaultServer, proxy: FaultServer?)
    async throws -> Outcome
  {
    let restore = ProxyVariables.set(proxy.map { ["HTTPS_PROXY": "127.0.0.1:\($0.port)"] } ?? [:])
    defer { restore() }
    // The server tells a request by its body: a GET has none ("-" in its log).
    let body = run.method == "GET" ? "-" : "\(run.method)-\(seed)"
    let fields = run.keyed ? ["Idempotency-Key": "key-\(seed)"] : [:]
    let client = GoawayRetryTests.retryingClient(retries: run.retries, direct: run.direct)
    let (processed, refused) = (server.copies(of: body), server.refusals(of: body))
    let asked = proxy?.received.count ?? 0
    let started = Date()
    var failure: URLError?
    do {
      _ = try await client.request(
        SendEndpoint(
          run.method, server.url(), body: run.method == "GET" ? "" : body, fields: fields))
    } catch {
      failure = try XCTUnwrap(error as? URLError, "\(run): \(error)")
    }
    return Outcome(
      failure: failure, processed: server.copies(of: body) - processed,
      refused: server.refusals(of: body) - refused, tunnels: (proxy?.received.count ?? 0) - asked,
      seconds: Date().timeIntervalSince(started))
  }

  /// The counts `outcome` broke: copies processed, tunnels asked for, time taken.
  private func counted(_ outcome: Outcome, _ run: Run) -> [String] {
    var found: [String] = []
    if outcome.seconds >= 5 { found.append("took \(outcome.seconds) s") }
    if outcome.processed > run.allowed { found.append("processed \(outcome.processed) times") }
    if run.proxyFails && outcome.processed + outcome.refused > 0 {
      found.append("reached the server through a failing proxy")
    }
    // A request the server did not process (refused) is sent again whatever its method, maybe
    // on a new connection, so through a new tunnel.
    let tunnels = run.allowed + outcome.refused
    if run.proxy == "proxy-407" && outcome.tunnels != 1 {
      found.append("asked a proxy that said 407 for \(outcome.tunnels) tunnels")
    } else if outcome.tunnels > tunnels {
      found.append("asked the proxy for \(outcome.tunnels) tunnels")
    }
    if run.mustFail && outcome.failure == nil { found.append("succeeded") }
    if run.server == "ok" && !run.proxyFails, let failure = outcome.failure {
      found.append("failed: \(failure.failureDetail)")
    }
    return found
  }

  /// Whether a request the server did not process was sent again and marked so, and only it.
  private func retried(_ outcome: Outcome, _ run: Run) -> [String] {
    let marked = outcome.failure?.serverDidNotProcessRequest ?? false
    if marked && !run.notProcessed { return ["marked not processed"] }
    guard run.notProcessed else { return [] }
    // libcurl itself sends a request on a refused stream again, five times; after a GOAWAY
    // below its stream, only the policy does.
    let sends = run.server == "refuse" ? 6 : 1
    if run.once && (run.retries > 0 || sends > 1) {
      let answered = outcome.failure == nil && outcome.processed == 1
      return answered ? [] : ["not answered once the fault was gone"]
    }
    if !marked || outcome.processed > 0 { return ["not marked not processed, or processed"] }
    return run.retries > 0 && outcome.refused <= sends ? ["not sent again"] : []
  }

  /// Whether `failure`'s reason names the party that failed.
  private func named(_ failure: URLError?, _ run: Run, server: FaultServer, proxy: FaultServer?)
    -> [String]
  {
    guard let detail = failure?.failureDetail else { return [] }
    let origin = "127.0.0.1:\(server.port)"
    guard let proxy else {
      return detail.contains(origin) && !detail.contains("proxy") ? [] : ["named: \(detail)"]
    }
    let through = "Through the proxy 127.0.0.1:\(proxy.port): "
    if !run.proxyFails {
      return detail.hasPrefix(through) && detail.contains(origin) ? [] : ["named: \(detail)"]
    }
    let namesProxy = detail.contains("proxy 127.0.0.1:\(proxy.port)")
    return namesProxy && !detail.hasPrefix(through) ? [] : ["named: \(detail)"]
  }
}
