import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// Server text never reaches the terminal or the output with its controls intact.
final class TextSanitizerTests: XCTestCase {
  func testPlainTextIsUnchanged() {
    XCTAssertEqual(TextSanitizer.clean("input-mask-ios"), "input-mask-ios")
    XCTAssertEqual(TextSanitizer.clean("日本語 🚀 café"), "日本語 🚀 café")
  }

  func testEveryKindOfControlIsMadeVisible() {
    let cases: [(String, String)] = [
      ("\u{1B}[31mred\u{1B}[0m", "^[[31mred^[[0m"),
      ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
      ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "^[]8;;http://x^[\\link^[]8;;^[\\"),
      ("tab\there\nnew\rline", "tab^Ihere^Jnew^Mline"),
      ("del\u{7F}", "del^?"),
      ("c1\u{9B}31m", "c1\\u{9B}31m"),
      ("\u{202E}evil", "\\u{202E}evil"),
      ("iso\u{2067}late\u{2069}", "iso\\u{2067}late\\u{2069}"),
      ("zero\u{200B}width\u{FEFF}", "zero\\u{200B}width\\u{FEFF}"),
      ("nul\u{0}", "nul^@"),
    ]
    for (input, expected) in cases {
      let clean = TextSanitizer.clean(input)
      XCTAssertEqual(clean, expected)
      XCTAssertFalse(clean.unicodeScalars.contains { TextSanitizer.isControl($0) }, expected)
    }
  }

  func testVeryLongTextIsBounded() {
    let clean = TextSanitizer.clean(String(repeating: "a", count: 10_000))
    XCTAssertEqual(clean.count, TextSanitizer.maximumLength + 1)
    XCTAssertTrue(clean.hasSuffix("…"))
  }

  func testDecodedModelsAreClean() throws {
    let json = Data(
      #"[{"name":"\u001b[2Jwipe","description":"ok\u0007","stargazers_count":1,"fork":false}]"#.utf8
    )
    let repositories = try GitHubJSON.decode([Repository].self, from: json)
    XCTAssertEqual(repositories.first?.name, "^[[2Jwipe")
    XCTAssertEqual(repositories.first?.description, "ok^G")
  }

  func testInvalidUTF8IsUnreadableAtItsOffset() {
    var json = Data(#"[{"name":"Sw"#.utf8)
    json.append(contentsOf: [0xFF, 0xFE])
    json.append(contentsOf: Data(#"ift"}]"#.utf8))
    XCTAssertThrowsError(try GitHubJSON.decode([Repository].self, from: json)) { error in
      XCTAssertEqual(
        error as? GitHubError, .unreadable(detail: "the body is not valid UTF-8 (byte 12)"))
    }
    XCTAssertNil(GitHubJSON.invalidUTF8Offset(Data("日本語 🚀 café".utf8)))
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(Data([0x61, 0xED, 0xA0, 0x80])), 1, "surrogate")
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(Data([0x61, 0xE6, 0x97])), 1, "truncated")
    let ascii = Data(String(repeating: "0123456789", count: 3).utf8)
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(ascii + Data([0xFF]) + ascii), 30, "after ASCII")
    XCTAssertNil(GitHubJSON.invalidUTF8Offset(ascii + Data("é🚀".utf8) + ascii))
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(ascii + Data([0xF0, 0x9F])), 30, "cut at the end")
  }
}
