import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Generated runs over `FaultServer`: each run draws a fault (the GOAWAY ones beside the
/// others), a method, retries (0 to 2), whether the fault meets only the first request, and the
/// client's path, from its seed. Invariants: a request reaches the server at most as often as
/// its method allows (once for a POST or PATCH without an `Idempotency-Key`); a request the
/// server did not process is sent again when retries are on, and is the only failure marked
/// so; every run ends within 5 s. A failure prints its seed; `FAULT_SEED=S` replays that run.
final class FaultGeneratedTests: FaultTestCase {
  private static let faults = [
    "ok", "dies", "cut-body", "goaway-before", "goaway-during", "goaway-below", "goaway-above",
    "goaway-during-below", "rst-internal", "refuse", "uppercase",
  ]
  /// A method, whether it carries an `Idempotency-Key`, and whether it may be repeated.
  private static let methods: [(method: String, keyed: Bool, repeatable: Bool)] = [
    ("GET", false, true), ("PUT", false, true), ("DELETE", false, true), ("POST", false, false),
    ("PATCH", false, false), ("POST", true, true),
  ]

  func testGeneratedFaultsKeepAtMostOnceAndRetryWhatWasNotProcessed() async throws {
    let tls = try trustedTLS()
    let replay = ProcessInfo.processInfo.environment["FAULT_SEED"].flatMap(UInt64.init)
    for seed in replay.map({ [$0] }) ?? Array(1...40) {
      var random = SplitMix(seed: seed)
      let fault = Self.faults.randomElement(using: &random)!
      let (method, keyed, repeatable) = Self.methods.randomElement(using: &random)!
      let retries = Int.random(in: 0...2, using: &random)
      let once = Bool.random(using: &random)
      let direct = Bool.random(using: &random)
      let label =
        "seed \(seed) (FAULT_SEED=\(seed) replays it): \(fault), \(method)"
        + "\(keyed ? " keyed" : ""), \(retries) retries, fault \(once ? "once" : "always"), "
        + "\(direct ? "direct" : "session")"
      let server = try FaultServer(fault, tls: tls, faults: once ? 1 : nil)
      // The server tells a request by its body: a GET has none ("-" in its log).
      let body = method == "GET" ? "-" : "\(method)-\(seed)"
      let fields = keyed ? ["Idempotency-Key": "key-\(seed)"] : [:]
      let started = Date()
      var failure: URLError?
      do {
        _ = try await GoawayRetryTests.retryingClient(retries: retries, direct: direct).request(
          SendEndpoint(method, server.url(), body: method == "GET" ? "" : body, fields: fields))
      } catch {
        failure = error as? URLError
        XCTAssertNotNil(failure, "\(label): \(error)")
      }
      let processed = server.copies(of: body)
      let refused = server.refusals(of: body)
      let log = "\(label): \(server.logged), \(failure.map(\.failureDetail) ?? "answered")"
      print("generated: \(label): \(processed) processed, \(refused) refused")
      XCTAssertLessThan(Date().timeIntervalSince(started), 5, log)
      if !repeatable { XCTAssertLessThanOrEqual(processed, 1, log) }
      let notProcessed = failure?.serverDidNotProcessRequest ?? false
      if notProcessed { XCTAssertTrue(["goaway-below", "refuse"].contains(fault), log) }
      guard fault == "goaway-below" else { continue }
      if retries == 0 {
        XCTAssertTrue(notProcessed, log)
        XCTAssertEqual(processed, 0, log)
      } else {
        XCTAssertGreaterThanOrEqual(refused + processed, 2, log)
        if once { XCTAssertNil(failure, log) }
      }
    }
  }
}

/// SplitMix64: the same sequence for a seed on every platform.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
