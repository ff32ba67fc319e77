import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An interim `103 Early Hints` head before the final one over HTTP/2 (`FaultServer`, mode
/// `early-hints`): every request is answered by its final head (a 500), through both of the
/// client's paths, three at once on one connection, whether the final heads follow at once or
/// 20 ms later (another stream's hints between).
final class EarlyHintsTests: FaultTestCase {
  func testEarlyHintsBeforeA500AreNotTheAnswer() async throws {
    let tls = try trustedTLS()
    for delay in [0, 0.02] {
      let server = try FaultServer("early-hints", tls: tls, delay: delay)
      let urls = (0..<3).map { server.url("/\($0)") }
      for direct in [false, true] {
        let client = GoawayRetryTests.retryingClient(retries: 0, direct: direct)
        for round in 0..<10 {
          let label = "delay \(delay), direct \(direct), round \(round)"
          try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
              group.addTask {
                do {
                  let answer = try await client.request(SendEndpoint("GET", url))
                  XCTAssertEqual(answer.status, 500, label)
                  XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "error", label)
                } catch {
                  XCTFail("\(label), \(url.path): \(error)")
                }
              }
            }
            try await group.waitForAll()
          }
        }
      }
    }
  }

  /// libcurl 7.88 hands a stream's interim heads over through the transfer's 16 KiB receive
  /// buffer; when another transfer on the connection reads them, over 16 KiB of them put the
  /// rest out of order and the final head reads as "HTTP/0.9". Three requests at once, 30
  /// rounds through each path (with libcurl's default buffer, about one request in 20 failed).
  func testInterimHeadsOver16KiBOnASharedConnectionAreNotTheAnswer() async throws {
    let server = try FaultServer("early-hints-large", tls: try trustedTLS())
    let urls = (0..<3).map { server.url("/\($0)") }
    for direct in [false, true] {
      let client = GoawayRetryTests.retryingClient(retries: 0, direct: direct)
      for round in 0..<30 {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for url in urls {
            group.addTask {
              let label = "direct \(direct), round \(round), \(url.path)"
              do {
                let answer = try await client.request(SendEndpoint("GET", url))
                XCTAssertEqual(answer.status, 500, label)
                XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "error", label)
              } catch {
                XCTFail("\(label): \(error)")
              }
            }
          }
          try await group.waitForAll()
        }
      }
    }
  }
}
