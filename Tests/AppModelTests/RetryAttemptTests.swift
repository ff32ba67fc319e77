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
      id: id, method: "GET", path: path, loader: .repositories, phase: phase, status: status,
      owner: "RedMadRobot")
  }

  /// What reaches the inspector, in the order it arrives.
  private enum Step {
    /// The reporter: request `id` sent, failed with a 503, or answered 200.
    case sent(Int), failed(Int), answered(Int)
    /// The loader: it waits for retry N (`nil`: it waits no more).
    case waits(Int?)
  }

  /// The attempts the log shows for the requests, in order, after `steps`.
  private func attempts(after steps: [Step]) -> [Int?] {
    var inspector = InspectorState()
    for step in steps {
      switch step {
      case .sent(let id): inspector.record(record(id, .sent))
      case .failed(let id): inspector.record(record(id, .failed("503"), status: 503))
      case .answered(let id): inspector.record(record(id, .finished, status: 200))
      case .waits(let retry): inspector.noteRetry(.repositories("RedMadRobot"), retry: retry)
      }
    }
    return inspector.requests.map(\.attempt)
  }

  func testEachRetryMarksTheRequestAfterTheWait() {
    let steps: [Step] = [
      .sent(1), .failed(1), .waits(1), .waits(nil), .sent(2), .failed(2), .waits(2), .waits(nil),
      .sent(3), .answered(3),
    ]
    XCTAssertEqual(attempts(after: steps), [nil, 2, 3])
  }

  func testARetrysRequestReportedAfterTheNextWaitKeepsItsOwnAttempt() {
    // The loader waited for retry 1, sent attempt 2, saw it fail and waits for retry 2, all
    // before the reporter's events for attempt 2 arrive.
    let steps: [Step] = [
      .sent(1), .failed(1), .waits(1), .waits(2), .sent(2), .failed(2), .sent(3), .answered(3),
    ]
    XCTAssertEqual(attempts(after: steps), [nil, 2, 3])
  }

  func testAnAnsweredRequestEndsTheRetriesOfItsLoad() {
    // Two waits noted; the first retry's request is answered, so the second wait (left when
    // its load was cancelled) numbers nothing after it.
    let steps: [Step] = [
      .sent(1), .failed(1), .waits(1), .waits(2), .sent(2), .answered(2), .sent(3),
    ]
    XCTAssertEqual(attempts(after: steps), [nil, 2, nil])
  }
}
