import XCTest

@testable import AppCommandLine
@testable import AppModel

final class ManualPageTests: XCTestCase {
  func testPlaceholder() {
    XCTAssertFalse(ManualPage.text.isEmpty)
  }
}
