import AppTestSupport
import XCTest

@testable import ApexyHTTP
@testable import ApexyLoader
@testable import AppFormats
@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// The inspector counts each retry a loader waits for once, and marks the retried request in
/// the log with its attempt ("↻2") and a 304 with "= not modified".
final class RetryCountTests: XCTestCase {
  private func waiting(_ retry: Int?) -> LoaderStatus {
    LoaderStatus(
      retry: retry.map {
        RetryCountdown(retry: $0, maxRetries: 3, nextAttempt: Fixture.now.addingTimeInterval(2))
      })
  }

  private func sent(_ id: Int, _ state: inout AppState) {
    _ = update(
      &state,
      .request(
        RequestRecord(
          id: id, method: "GET", path: "/orgs/RedMadRobot", loader: .owner, phase: .sent,
          owner: "RedMadRobot")))
  }

  private func status(_ retry: Int?, _ state: inout AppState) {
    _ = updateStatuses(
      &state, organization: waiting(retry), repositories: waiting(nil), at: Fixture.now)
  }

  func testEachRetryIsCountedOnceAndItsRequestMarked() {
    var state = Fixture.state()
    sent(1, &state)
    status(1, &state)
    status(1, &state)
    XCTAssertEqual(
      state.inspector.counts[.owner("RedMadRobot")]?.retried, 1, "the countdown is one retry"
    )
    sent(2, &state)
    status(2, &state)
    sent(3, &state)
    status(nil, &state)
    sent(4, &state)
    XCTAssertEqual(state.inspector.counts[.owner("RedMadRobot")]?.retried, 2)
    XCTAssertEqual(state.inspector.counts[.repositories("RedMadRobot")]?.retried ?? 0, 0)
    XCTAssertEqual(state.inspector.requests.map(\.attempt), [nil, 2, 3, nil])
    XCTAssertEqual(
      RequestLine.text(state.inspector.requests[1]), "#2 GET /orgs/RedMadRobot ↻2  in flight")
    var ended = state.inspector.requests[2]
    ended.attempt = nil
    ended.phase = .finished
    ended.status = 200
    ended.duration = 0.05
    ended.bytes = 980
    _ = update(&state, .request(ended))
    XCTAssertEqual(
      RequestLine.text(state.inspector.requests[2]),
      "#3 GET /orgs/RedMadRobot ↻3  200  50 ms  980 B",
      "the end keeps the attempt")
    XCTAssertTrue(InspectorView.table(state)[1].contains(" 4    3    0    0     2 "))
  }

  func testADetailLoadersRetriesCountInItsOwnRow() {
    var state = Fixture.state()
    _ = updateDetail(
      &state, key: "RedMadRobot/Apexy", .loading(cache: nil), status: waiting(1), at: Fixture.now)
    XCTAssertEqual(state.inspector.counts[.repository("RedMadRobot/Apexy")]?.retried, 1)
    XCTAssertNil(state.inspector.counts[.owner("RedMadRobot")])
  }

  func testASCIIShowsTheRetryMarkAsR() {
    XCTAssertEqual(ASCIIFallback.text("#2 GET /x ↻2"), "#2 GET /x r2")
  }

  func testAFailedLineNamesTheServersErrorNotTheLoadersWrapper() throws {
    let url = try XCTUnwrap(URL(string: "http://127.0.0.1:8080/orgs/RedMadRobot"))
    let response = try XCTUnwrap(
      HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: nil))
    let wrapped = ResponseFailure(
      underlying: Fixture.outage(), response: response, isDecoding: false)
    let event = RequestLifeEvent(
      id: 6, method: "GET", url: url, startedAt: Fixture.now, date: Fixture.now,
      kind: .failed(wrapped, status: 503, bytesReceived: 0, bytesSent: 0), subject: "RedMadRobot")
    let record = try XCTUnwrap(RequestRecord(event, sanitizer: TextSanitizer()))
    let line = RequestLine.text(record)
    XCTAssertFalse(line.contains("ResponseFailure"), line)
    XCTAssertTrue(line.contains("503") && line.contains("Service Unavailable"), line)
  }
}
