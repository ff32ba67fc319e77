import XCTest

@testable import ApexyLoader

final class LoaderObservationTests: XCTestCase {
  func testReleasingTheObservationRunsItsCancelOnce() {
    var cancels = 0
    var observation: LoaderObservation? = LoaderObservation { cancels += 1 }
    XCTAssertEqual(cancels, 0, "holding it does not cancel")
    XCTAssertNotNil(observation)
    observation = nil
    XCTAssertEqual(cancels, 1)
  }

  func testObservationsKeptByALoaderLiveAsLongAsIt() {
    var cancels = 0
    var list: [LoaderObservation] = [LoaderObservation { cancels += 1 }]
    XCTAssertEqual(list.count, 1)
    list.removeAll()
    XCTAssertEqual(cancels, 1)
  }
}
