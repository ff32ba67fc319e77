import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@MainActor
final class SchedulerTests: XCTestCase {
  func testTheManualSchedulerRunsDueWorkInOrderAtItsOwnTime() async {
    let clock = ManualScheduler(now: Date(timeIntervalSince1970: 0))
    var ran: [String] = []
    let log = { (name: String) in ran.append("\(name)@\(Int(clock.now.timeIntervalSince1970))") }
    _ = clock.schedule(after: 5) { log("b") }
    _ = clock.schedule(after: 2) {
      log("a")
      _ = clock.schedule(after: 1) { log("a+1") }
    }
    _ = clock.schedule(after: 5) { log("c") }
    let cancelled = clock.schedule(after: 3) { log("never") }
    cancelled.cancel()
    XCTAssertEqual(clock.pendingCount, 3)
    clock.advance(by: 4)
    XCTAssertEqual(ran, ["a@2", "a+1@3"])
    XCTAssertEqual(clock.now, Date(timeIntervalSince1970: 4))
    clock.advance(by: 10)
    XCTAssertEqual(ran, ["a@2", "a+1@3", "b@5", "c@5"])
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertNil(clock.nextDueDate)
  }

  func testTheMainQueueSchedulerRunsOnTheMainQueueUnlessCancelled() async {
    let scheduler = MainQueueScheduler()
    let ran = expectation(description: "scheduled work ran")
    var cancelledRan = false
    let cancelled = scheduler.schedule(after: 0.01) { cancelledRan = true }
    cancelled.cancel()
    XCTAssertTrue(cancelled.isCancelled)
    _ = scheduler.schedule(after: 0.02) {
      MainActor.assertIsolated()
      ran.fulfill()
    }
    await fulfillment(of: [ran], timeout: 5)
    XCTAssertFalse(cancelledRan)
  }
}
