import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request that is not repeatable (POST, PATCH: RFC 9110 section 9.2.2) reaches the server at
/// most once, whatever happens to the connection under it, through both of the client's paths
/// (the session and the direct one) and over HTTP/1.1 and HTTP/2; a repeatable one (GET, PUT, a
/// POST with an `Idempotency-Key`) keeps the kept connections and libcurl's resend.
///
/// The server (`FaultServer`, mode `kept-dies`) answers every request on a fresh connection,
/// and reads a request on a connection that served one before whole, then closes without an
/// answer: a server that crashed or restarted after applying it.
final class AtMostOnceTests: FaultTestCase {
  /// The session client (a 10 s deadline), or the direct one.
  private func client(direct: Bool) -> URLSessionClient {
    guard direct else { return client() }
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: URL(string: "http://127.0.0.1")!),
      defaults: RequestDefaults(deadline: 10),
      completionQueue: DispatchQueue(label: "at-most-once"))
    XCTAssertTrue(client.sendsWithoutSession)
    return client
  }

  /// A `kept-dies` server, over TLS (HTTP/2) when `https`, with `idle` connections of
  /// `client` left idle in its pool by as many GETs at once (answered after 0.3 s, so each
  /// opens its own; over HTTP/2 they would share one, so take one).
  private func keptConnections(_ idle: Int, _ client: URLSessionClient, https: Bool = false)
    async throws -> FaultServer
  {
    let server = try FaultServer("kept-dies", tls: https ? try trustedTLS() : nil, delay: 0.3)
    let url = server.url()
    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<idle {
        group.addTask { try await client.request(SendEndpoint("GET", url)).status }
      }
      for try await status in group { XCTAssertEqual(status, 200) }
    }
    return server
  }

  // MARK: - Not repeatable: once

  func testAPostOnAKeptConnectionThatDiesReachesTheServerOnce() async throws {
    for direct in [false, true] {
      for idle in [1, 3, 6] {
        let client = client(direct: direct)
        let server = try await keptConnections(idle, client)
        let order = "order-\(UUID().uuidString)"
        let started = Date()
        let answer = try await client.request(SendEndpoint("POST", server.url(), body: order))
        let label = "direct \(direct), \(idle) idle"
        XCTAssertEqual(answer.status, 201, label)
        XCTAssertEqual(server.copies(of: order), 1, "\(label): \(server.received)")
        // Sent on a connection of its own: not one of the idle ones.
        XCTAssertGreaterThan(server.received.last?.connection ?? 0, idle, label)
        print(
          "at most once: POST, \(label): \(server.copies(of: order)) copy in \(ms(since: started)) ms"
        )
      }
    }
  }

  func testAPatchAndAPostOverHTTP2ReachTheServerOnce() async throws {
    for direct in [false, true] {
      let client = client(direct: direct)
      let server = try await keptConnections(1, client, https: true)
      for method in ["POST", "PATCH"] {
        let body = "\(method)-\(UUID().uuidString)"
        let answer: Answer
        do {
          answer = try await client.request(SendEndpoint(method, server.url(), body: body))
        } catch {
          XCTFail("\(method), direct \(direct): \(error) \(server.received)")
          continue
        }
        XCTAssertEqual(answer.status, 201, "\(method), direct \(direct)")
        XCTAssertEqual(server.copies(of: body), 1, "\(method), direct \(direct)")
      }
    }
  }

  func testAPostWhoseConnectionDiesAfterSendingFailsOnceWithTheError() async throws {
    for direct in [false, true] {
      let server = try FaultServer("dies")
      let order = "order-\(UUID().uuidString)"
      let started = Date()
      do {
        _ = try await client(direct: direct).request(
          SendEndpoint("POST", server.url(), body: order))
        XCTFail("a POST the server never answered succeeded")
      } catch let error as URLError {
        XCTAssertEqual(error.code, .networkConnectionLost, "\(error)")
        XCTAssertTrue(
          error.failureDetail.contains("closed the connection before any response"),
          error.failureDetail)
        XCTAssertTrue(error.failureDetail.contains("may have been applied"), error.failureDetail)
      }
      XCTAssertEqual(server.copies(of: order), 1, "direct \(direct): \(server.received)")
      // Before the 10 s deadline, however loaded the machine.
      XCTAssertLessThan(Date().timeIntervalSince(started), 9)
    }
  }

  // MARK: - Repeatable: kept connections and libcurl's resend stay

  func testAGetOnAKeptConnectionThatDiesStillSucceeds() async throws {
    for direct in [false, true] {
      let client = client(direct: direct)
      let server = try await keptConnections(1, client)
      let answer = try await client.request(SendEndpoint("GET", server.url("/again")))
      XCTAssertEqual(answer.status, 200)
      // Sent on the kept connection first (which died), then on a fresh one.
      XCTAssertEqual(server.received.filter { $0.method == "GET" }.count, 3, "\(server.received)")
    }
  }

  func testAPutAndAPostWithAnIdempotencyKeyMayBeSentAgain() async throws {
    let cases: [(String, [String: String])] = [
      ("PUT", [:]), ("DELETE", [:]), ("POST", ["Idempotency-Key": UUID().uuidString]),
    ]
    for (method, fields) in cases {
      let client = client(direct: false)
      let server = try await keptConnections(1, client)
      let body = "\(method)-\(UUID().uuidString)"
      let answer = try await client.request(
        SendEndpoint(method, server.url(), body: body, fields: fields))
      XCTAssertEqual(answer.status, 201, method)
      // It took the kept connection, which died under it, and libcurl sent it once more.
      XCTAssertEqual(server.copies(of: body), 2, "\(method): \(server.received)")
    }
  }

  private func ms(since start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1_000) }
}
