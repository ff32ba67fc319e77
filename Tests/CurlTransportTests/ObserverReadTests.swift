import CurlTransport
import Foundation
import StackProbe
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transport's observers read as the transport reads them, once per transfer or upload
/// chunk, as many times as a process that lives for days reads them.
final class ObserverReadTests: XCTestCase {
  func testTransferFinishedReadTwoHundredThousandTimesRunsAsDeepAsAtFirst() throws {
    let saved = CurlURLProtocol.transferFinished
    defer { CurlURLProtocol.transferFinished = saved }
    let report = CurlTransferReport(
      url: try XCTUnwrap(URL(string: "http://127.0.0.1/")), status: 200, httpVersion: .http11,
      connectionsOpened: 0, localPort: 0)
    let probe = StackProbe()
    CurlURLProtocol.transferFinished = { _ in probe.record() }
    let growth = probe.growth(over: 200_000) { CurlURLProtocol.transferFinished?(report) }
    XCTAssertLessThan(
      growth, 256, "the observer ran \(growth) bytes deeper: each read wrapped it again")
  }

  func testBodyBytesSentReadTwoHundredThousandTimesRunsAsDeepAsAtFirst() throws {
    let saved = CurlURLProtocol.bodyBytesSent
    defer { CurlURLProtocol.bodyBytesSent = saved }
    let transport = CurlURLProtocol(
      request: URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1/"))),
      cachedResponse: nil, client: nil)
    let probe = StackProbe()
    CurlURLProtocol.bodyBytesSent = { _, _, _, _ in probe.record() }
    let growth = probe.growth(over: 200_000) {
      CurlURLProtocol.bodyBytesSent?(transport, 1, 1, 1)
    }
    XCTAssertLessThan(
      growth, 256, "the observer ran \(growth) bytes deeper: each read wrapped it again")
  }
}
