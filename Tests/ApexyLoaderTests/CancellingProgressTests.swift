import StackProbe
import XCTest

@testable import ApexyLoader

/// The progress a policy request hands out, whose cancel handler is read on every cancel.
@MainActor
final class CancellingProgressTests: XCTestCase {
  func testTheHandlerReadTwoHundredThousandTimesRunsAsDeepAsAtFirst() async {
    let progress = CancellingProgress()
    let probe = StackProbe()
    progress.onCancel = { probe.record() }
    let growth = probe.growth(over: 200_000) { progress.onCancel?() }
    XCTAssertLessThan(
      growth, 256, "the handler ran \(growth) bytes deeper: each read wrapped it again")
  }

  func testCancelOnTheMainThreadRunsTheHandlerOnceAndClearsIt() async {
    let progress = CancellingProgress()
    var cancels = 0
    progress.onCancel = { cancels += 1 }
    progress.cancel()
    progress.cancel()
    XCTAssertEqual(cancels, 1, "the handler runs at once, and only for the first cancel")
    XCTAssertNil(progress.onCancel)
    XCTAssertTrue(progress.isCancelled)
  }
}
