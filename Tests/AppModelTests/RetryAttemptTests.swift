import XCTest

@testable import AppModel

/// `--trace` and the inspector mark each retry's request with its attempt (`↻2`, `↻3`): the
/// loader says it waits for a retry through its observer, the request arrives through the
/// client's reporter, and either can come first.
final class RetryAttemptTests: XCTestCase {
  private let path = "/orgs/RedMadRobot/repos?per_page=100&page=1"

  private func record(_ id: Int, _ phase: RequestRecord.Phase, status: Int? = nil)
    -> RequestRecord
  {
    RequestRecord(
      id: id, method: "GET", path: path, loader: .repositories, phase: phase, status: status)
  }

  /// The attempts the log shows for the requests, in order.
  private func attempts(_ inspector: InspectorState) -> [Int?] {
    inspector.requests.map(\.attempt)
  }

  func testEachRetryMarksTheRequestAfterTheWait() {
    var inspector = InspectorState()
    inspector.record(record(1, .sent))
    inspector.record(record(1, .failed("503"), status: 503))
    inspector.noteRetry(.repositories, retry: 1)
    inspector.noteRetry(.repositories, retry: nil)
    inspector.record(record(2, .sent))
    inspector.record(record(2, .failed("503"), status: 503))
    inspector.noteRetry(.repositories, retry: 2)
    inspector.noteRetry(.repositories, retry: nil)
    inspector.record(record(3, .sent))
    inspector.record(record(3, .finished, status: 200))
    XCTAssertEqual(attempts(inspector), [nil, 2, 3])
  }

  func testARetrysRequestReportedAfterTheNextWaitKeepsItsOwnAttempt() {
    // The loader waited for retry 1, sent attempt 2, saw it fail and waits for retry 2, all
    // before the reporter's events for attempt 2 arrive.
    var inspector = InspectorState()
    inspector.record(record(1, .sent))
    inspector.record(record(1, .failed("503"), status: 503))
    inspector.noteRetry(.repositories, retry: 1)
    inspector.noteRetry(.repositories, retry: 2)
    inspector.record(record(2, .sent))
    inspector.record(record(2, .failed("503"), status: 503))
    inspector.record(record(3, .sent))
    inspector.record(record(3, .finished, status: 200))
    XCTAssertEqual(attempts(inspector), [nil, 2, 3])
  }

  func testAnAnsweredRequestEndsTheRetriesOfItsLoad() {
    // Two waits noted; the first retry's request is answered, so the second wait (left when
    // its load was cancelled) numbers nothing after it.
    var inspector = InspectorState()
    inspector.record(record(1, .sent))
    inspector.record(record(1, .failed("503"), status: 503))
    inspector.noteRetry(.repositories, retry: 1)
    inspector.noteRetry(.repositories, retry: 2)
    inspector.record(record(2, .sent))
    inspector.record(record(2, .finished, status: 200))
    inspector.record(record(3, .sent))
    XCTAssertEqual(attempts(inspector), [nil, 2, nil])
  }
}
