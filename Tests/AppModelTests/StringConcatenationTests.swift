import AppModel
import XCTest

/// `concatenated(separator:)` makes what `joined(separator:)` makes.
final class StringConcatenationTests: XCTestCase {
  func testItIsWhatJoinedMakes() {
    let lists: [[String]] = [
      [], [""], ["a"], ["", ""], ["f fetch", "r reload", "q quit"], ["日本", "é", ""],
    ]
    for list in lists {
      for separator in ["", " ", "  ", ", ", "·"] {
        XCTAssertEqual(
          list.concatenated(separator: separator), list.joined(separator: separator),
          "\(list) with \"\(separator)\"")
      }
    }
  }
}
