import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Each fault of a server that breaks HTTP/1.1 or HTTP/2 (`FaultServer`) fails a request with
/// its own `URLError` code and sentence, saying whether it came before any response or in the
/// middle of one and who broke what, with libcurl's own text after it; none waits for a
/// timeout.
final class FaultNamingTests: FaultTestCase {
  /// Sends a GET (or `method` with a body) to a server in each fault's mode and checks the
  /// error's code, its sentence and libcurl's text after it, and that no deadline ended it:
  /// the deadline is 600 s, and 300 s a bound only a wait for it reaches (one fault took 3.2 s
  /// on a loaded machine; how fast is a benchmark's business).
  private func check(_ faults: [Fault], https: Bool, method: String = "GET") async throws {
    for fault in faults {
      let server = try FaultServer(fault.mode, tls: https ? try trustedTLS() : nil)
      let started = Date()
      do {
        let body = method == "GET" ? "" : "body"
        let answer = try await client(deadline: 600).request(
          SendEndpoint(method, server.url(), body: body))
        XCTFail("\(fault.mode): answered \(answer.status) \(answer.body.count) bytes")
        continue
      } catch let error as URLError {
        let took = Int(Date().timeIntervalSince(started) * 1_000)
        XCTAssertEqual(error.code, fault.code, "\(fault.mode): \(error.failureDetail)")
        XCTAssertTrue(
          error.failureDetail.contains(fault.says), "\(fault.mode): \(error.failureDetail)")
        XCTAssertTrue(error.failureDetail.contains("(libcurl: "), error.failureDetail)
        XCTAssertLessThan(took, 300_000, fault.mode)
        print(
          "fault \(https ? "h2" : "http/1.1") \(fault.mode): \(took) ms: \(error.failureDetail)")
      }
    }
  }

  func testHTTP2FaultsEachSayWhatTheyWere() async throws {
    try await check(
      [
        Fault(mode: "goaway-before", code: .networkConnectionLost, says: "before any response"),
        Fault(mode: "dies", code: .networkConnectionLost, says: "before any response"),
        Fault(
          mode: "goaway-during", code: .networkConnectionLost,
          says: "in the middle of the response (1000 of 100000 bytes)"),
        Fault(
          mode: "goaway-during-below", code: .networkConnectionLost,
          says: "closed the connection (HTTP/2 GOAWAY) in the middle of the response."),
        Fault(
          mode: "goaway-above", code: .networkConnectionLost,
          says: "closed the connection before any response"),
        Fault(
          mode: "goaway-below", code: .networkConnectionLost,
          says: "did not process the request: its HTTP/2 GOAWAY names a last stream below"),
        Fault(
          mode: "cut-body", code: .networkConnectionLost,
          says: "in the middle of the response (4000 of 10000 bytes)"),
        Fault(mode: "uppercase", code: .cannotParseResponse, says: "a response that breaks HTTP/2"),
        Fault(mode: "bad-pseudo", code: .cannotParseResponse, says: "a misplaced pseudo-header"),
        Fault(
          mode: "short-body", code: .cannotParseResponse,
          says: "longer or shorter than its Content-Length"),
        Fault(
          mode: "long-body", code: .cannotParseResponse,
          says: "longer or shorter than its Content-Length"),
        Fault(
          mode: "rst-internal", code: .badServerResponse,
          says: "with INTERNAL_ERROR before any response"),
        Fault(mode: "refuse", code: .badServerResponse, says: "refused the request on every try"),
        Fault(
          mode: "no-streams", code: .badServerResponse, says: "refused the request on every try"),
        Fault(mode: "big-headers", code: .networkConnectionLost, says: "a response head too large"),
        Fault(mode: "hpack-bomb", code: .badServerResponse, says: "broke HTTP/2"),
      ], https: true)
  }

  func testHTTP1FaultsEachSayWhatTheyWere() async throws {
    try await check(
      [
        Fault(
          mode: "dies", code: .networkConnectionLost,
          says: "closed the connection before any response."),
        Fault(
          mode: "cut-body", code: .networkConnectionLost,
          says: "in the middle of the response (4000 of 10000 bytes)"),
      ], https: false)
  }

  func testAPostThatBreaksSaysItMayHaveBeenApplied() async throws {
    try await check(
      [Fault(mode: "dies", code: .networkConnectionLost, says: "the POST may have been applied")],
      https: true, method: "POST")
  }

  func testAServerThatAnswersRightIsNotAFault() async throws {
    // The faults' base: the same server in mode ok, over both protocols; a flood of PINGs and
    // DATA after the end of a stream are survived.
    for (mode, https) in [("ok", false), ("ok", true), ("pings", true), ("data-after-end", true)] {
      let server = try FaultServer(mode, tls: https ? try trustedTLS() : nil)
      let answer = try await client().request(SendEndpoint("GET", server.url()))
      XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "ok", mode)
    }
  }

  func testHTTPSToAPlainServerSaysItDoesNotSpeakTLSAtOnce() async throws {
    let server = try FaultServer("not-tls")
    let url = URL(string: "https://127.0.0.1:\(server.port)/")!
    let started = Date()
    let error = await failure(client(deadline: 600), url)
    XCTAssertEqual(error?.code, .secureConnectionFailed, String(describing: error))
    XCTAssertTrue(
      error?.failureDetail.contains("does not speak TLS") ?? false, "\(String(describing: error))")
    XCTAssertTrue(error?.failureDetail.contains("http://") ?? false)
    // Told by the handshake, not by the 600 s deadline; how fast is a benchmark's business,
    // so the bound is one only a wait for the deadline reaches, however loaded the machine.
    XCTAssertLessThan(Date().timeIntervalSince(started), 300)
  }
}
