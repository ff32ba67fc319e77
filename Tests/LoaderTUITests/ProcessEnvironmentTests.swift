import Foundation
import XCTest

@testable import LoaderTUI

/// `ProcessEnvironment` reads the environment as `ProcessInfo.processInfo.environment` does.
final class ProcessEnvironmentTests: XCTestCase {
  func testTheEnvironmentIsFoundations() {
    XCTAssertEqual(ProcessEnvironment.current(), ProcessInfo.processInfo.environment)
  }

  /// Foundation's split: the first `=` character (a grapheme), name before it, value after.
  private func foundationSplit(_ text: String) -> (String, String)? {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  func testEntriesSplitWhereFoundationSplitsThem() {
    let entries = [
      "PATH=/usr/bin:/bin", "EMPTY=", "=leading", "NOEQUALS", "A==B", "LANG=C.UTF-8",
      "NAME=日本語", "日本=語", "MARK=\u{301}x", "K\u{301}=v", "E=\u{301}=after", "=\u{301}x=y",
      "CRLF\r\n=v", "BIDI=\u{202E}x", "",
    ]
    for entry in entries {
      let theirs = foundationSplit(entry)
      let ours = ProcessEnvironment.split(entry)
      XCTAssertEqual(ours?.0, theirs?.0, entry)
      XCTAssertEqual(ours?.1, theirs?.1, entry)
      // As `current()` splits it: from the entry's bytes.
      let fromBytes = Array(entry.utf8).withUnsafeBufferPointer { ProcessEnvironment.split($0) }
      XCTAssertEqual(fromBytes?.0, theirs?.0, entry)
      XCTAssertEqual(fromBytes?.1, theirs?.1, entry)
    }
  }
}
