import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP/2 GOAWAY whose last-stream-id is below the request's stream says the server did not
/// process it (RFC 9113 section 6.8): with retries on, the request is sent again whatever its
/// method. One at or above it may have been processed: a GET is sent again, a POST is not.
/// The server (`FaultServer`) meets the first request with the GOAWAY and answers the next.
final class GoawayRetryTests: FaultTestCase {
  /// A client that retries `retries` times at once, through the session or the direct path.
  static func retryingClient(retries: Int, direct: Bool) -> URLSessionClient {
    let policy = RetryPolicy(maxRetries: retries, baseDelay: 0.01) { $0.lowerBound }
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://127.0.0.1")!)
    let queue = DispatchQueue(label: "goaway-retry")
    guard direct else {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForResource = 10
      return URLSessionClient(
        requestAdapter: adapter, configuration: configuration, completionQueue: queue,
        retryPolicy: policy)
    }
    return URLSessionClient(
      requestAdapter: adapter, defaults: RequestDefaults(deadline: 10), completionQueue: queue,
      retryPolicy: policy)
  }

  func testARequestTheServerDidNotProcessIsSentAgainWhateverItsMethod() async throws {
    for direct in [false, true] {
      for method in ["GET", "POST", "PATCH"] {
        let server = try FaultServer("goaway-below", tls: try trustedTLS(), faults: 1)
        // The server tells a request by its body: a GET has none ("-" in its log).
        let body = method == "GET" ? "-" : "\(method)-\(UUID().uuidString)"
        let label = "\(method), direct \(direct)"
        do {
          let answer = try await Self.retryingClient(retries: 1, direct: direct).request(
            SendEndpoint(method, server.url(), body: method == "GET" ? "" : body))
          XCTAssertEqual(answer.status, method == "GET" ? 200 : 201, label)
        } catch {
          XCTFail("\(label): \(error) \(server.logged)")
        }
        XCTAssertEqual(server.refusals(of: body), 1, "\(label): \(server.logged)")
        XCTAssertEqual(server.copies(of: body), 1, "\(label): \(server.logged)")
      }
    }
  }

  func testAPostWhoseStreamsWereAllRefusedIsSentAgain() async throws {
    // libcurl sends a refused stream again itself, five times; the policy's retry then finds
    // the server answering.
    let server = try FaultServer("refuse", tls: try trustedTLS(), faults: 6)
    let answer = try await Self.retryingClient(retries: 1, direct: true).request(
      SendEndpoint("POST", server.url(), body: "order"))
    XCTAssertEqual(answer.status, 201)
    XCTAssertEqual(server.refusals(of: "order"), 6, "\(server.logged)")
    XCTAssertEqual(server.copies(of: "order"), 1, "\(server.logged)")
  }

  func testWithoutRetriesItFailsSayingItMayBeSentAgain() async throws {
    let server = try FaultServer("goaway-below", tls: try trustedTLS())
    do {
      _ = try await Self.retryingClient(retries: 0, direct: true).request(
        SendEndpoint("POST", server.url(), body: "order"))
      XCTFail("a request the server did not process succeeded")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .networkConnectionLost, error.failureDetail)
      XCTAssertTrue(error.serverDidNotProcessRequest, error.failureDetail)
      XCTAssertTrue(error.failureDetail.contains("may be sent again"), error.failureDetail)
    }
    XCTAssertEqual(server.refusals(of: "order"), 1, "\(server.logged)")
  }

  func testARequestTheServerMayHaveProcessedIsSentAgainOnlyWhenItsMethodAllows() async throws {
    for mode in ["goaway-above", "goaway-during-below"] {
      for method in ["GET", "POST"] {
        let server = try FaultServer(mode, tls: try trustedTLS(), faults: 1)
        let body = "\(method)-\(UUID().uuidString)"
        let label = "\(mode), \(method)"
        do {
          let answer = try await Self.retryingClient(retries: 1, direct: true).request(
            SendEndpoint(method, server.url(), body: method == "GET" ? "" : body))
          XCTAssertEqual(method, "GET", "\(label): answered \(answer.status)")
        } catch let error as URLError {
          XCTAssertEqual(method, "POST", "\(label): \(error.failureDetail)")
          XCTAssertEqual(error.code, .networkConnectionLost, error.failureDetail)
          XCTAssertFalse(error.serverDidNotProcessRequest, error.failureDetail)
        }
        let sent = server.received.filter { $0.method == method }.count
        XCTAssertEqual(sent, method == "GET" ? 2 : 1, "\(label): \(server.logged)")
      }
    }
  }
}
