import Locking
import XCTest

@testable import ApexyLoader

final class LoaderObservationTests: XCTestCase {
  func testReleasingTheObservationRunsItsCancelOnce() {
    let cancels = Locked(0)
    var observation: LoaderObservation? = LoaderObservation { cancels.withLock { $0 += 1 } }
    XCTAssertEqual(cancels.withLock { $0 }, 0, "holding it does not cancel")
    XCTAssertNotNil(observation)
    observation = nil
    XCTAssertEqual(cancels.withLock { $0 }, 1)
  }

  func testObservationsKeptByALoaderLiveAsLongAsIt() {
    let cancels = Locked(0)
    var list: [LoaderObservation] = [LoaderObservation { cancels.withLock { $0 += 1 } }]
    XCTAssertEqual(list.count, 1)
    list.removeAll()
    XCTAssertEqual(cancels.withLock { $0 }, 1)
  }
}
