import AppTestSupport
import Foundation
import JSONOutput
import XCTest

@testable import AppFormats
@testable import AppModel
@testable import GitHubAPI

/// The JSON Lines writer: exact strings, escaped controls and format characters, sorted keys.
final class JSONValueTests: XCTestCase {
  func testObjectsSortKeysAndWriteNumbersAsBefore() {
    let value = JSONValue.object([
      "time": .double(0.024), "round": .int(2), "case": .string("success"), "error": .null,
      "ok": .bool(false), "summary": .bool(true), "zero": .double(0), "whole": .double(3),
      "nested": .object(["b": .array([.int(-1), .double(1.5)]), "a": .array([])]),
    ])
    XCTAssertEqual(
      value.line,
      #"{"case":"success","error":null,"nested":{"a":[],"b":[-1,1.5]},"ok":false,"round":2,"#
        + #""summary":true,"time":0.024,"whole":3,"zero":0}"#)
  }

  func testNumbersJSONCannotHoldAreNull() {
    XCTAssertEqual(JSONValue.array([.double(.nan), .double(.infinity)]).line, "[null,null]")
    XCTAssertEqual(JSONValue.double(1e300).line, "1e+300")
  }

  func testControlsAndFormatCharactersAreEscaped() {
    let text =
      "a\u{1B}[31m\u{07}\n\t\u{00}\u{7F}\u{85}\u{9B}\u{202E}\u{2066}\u{2069}\u{200B}\u{200D}"
      + "\u{FEFF}\u{061C}\u{00AD}\u{2028}\u{2065}\u{E0001}\"\\/z"
    XCTAssertEqual(
      JSONValue.string(text).line,
      #""a\u001b[31m\u0007\u000a\u0009\u0000\u007f\u0085\u009b\u202e\u2066\u2069\u200b"#
        + #"\u200d\ufeff\u061c\u00ad\u2028\u2065\udb40\udc01\"\\/z""#)
  }

  func testPrintableTextIsKeptAsItIs() {
    let text = "Red Mad Robot é 日本 🇯🇵 ❤️ น้ำ ★ x…"
    XCTAssertEqual(JSONValue.string(text).line, "\"\(text)\"")
  }

  func testLongTextIsNotCut() {
    let text = String(repeating: "x", count: 5_000)
    XCTAssertEqual(JSONValue.string(text).line, "\"\(text)\"")
  }

  func testEveryStringReadsBackExactly() throws {
    var texts = (0..<0x250).compactMap(Unicode.Scalar.init).map { "<\($0)>" }
    texts += ["\u{1B}]8;;https://evil.example\u{1B}\\", "\u{E0001}\u{E007F}", "👩‍💻", "\u{10FFFF}"]
    let line = JSONValue.array(texts.map(JSONValue.string)).line
    XCTAssertFalse(line.unicodeScalars.contains(where: JSONValue.mustEscape))
    let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String]
    XCTAssertEqual(decoded, texts)
  }

  func testTransitionLinesKeepNamesExactAndTextLinesSanitizeThem() {
    let transition = Transition(
      time: 0.0123, round: 1, subject: .merged, stateCase: .success,
      organization: "Org\u{1B}]0;x\u{07}",
      repositories: ["a\u{202E}b", String(repeating: "y", count: 600)])
    XCTAssertEqual(
      TransitionFormatter.json(transition, timestamps: true),
      #"{"case":"success","count":2,"error":null,"organization":"Org\u001b]0;x\u0007","#
        + #""repositories":["a\u202eb",""# + String(repeating: "y", count: 600)
        + #""],"round":1,"state":"merged","time":0.012}"#)
    let head = "merged       Success: Org^[]0;x^G: 2 repositories (a\\u{202E}b, "
    XCTAssertEqual(
      TransitionFormatter.text(transition, timestamps: false),
      head + String(repeating: "y", count: TextSanitizer.maximumLength - head.count) + "…",
      "the text line stays sanitized and cut at 500 characters")
  }
}
