import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// Server text never reaches the terminal or the output with its controls or the token intact.
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

  /// A zero-width joiner stays where it joins two emoji into one (a family, a rainbow flag, a
  /// technologist with a skin tone), so the screen can draw the sequence; anywhere else it is
  /// made visible like every zero-width character.
  func testAZeroWidthJoinerStaysOnlyBetweenTwoEmoji() {
    for kept in ["family-👨‍👩‍👧-zwj", "🏳️‍🌈", "👩🏽‍💻"] {
      XCTAssertEqual(TextSanitizer.clean(kept), kept)
      XCTAssertTrue(TextSanitizer.isClean(kept), kept)
    }
    let escaped: [(String, String)] = [
      ("a\u{200D}b", "a\\u{200D}b"), ("👨\u{200D}", "👨\\u{200D}"),
      ("\u{200D}👨", "\\u{200D}👨"), ("1\u{200D}👨", "1\\u{200D}👨"),
      ("👨\u{200D}\u{200D}👩", "👨\\u{200D}\\u{200D}👩"), ("👨\u{200B}👩", "👨\\u{200B}👩"),
    ]
    for (input, expected) in escaped {
      XCTAssertEqual(TextSanitizer.clean(input), expected)
      XCTAssertFalse(TextSanitizer.isClean(input), expected)
      XCTAssertTrue(TextSanitizer.isClean(expected), expected)
    }
    let cut = String(repeating: "a", count: TextSanitizer.maximumLength - 2) + "👨‍👩"
    XCTAssertTrue(
      TextSanitizer.clean(cut).hasSuffix("👨\\u{200D}…"),
      "a joiner whose emoji is cut off is escaped")
  }

  func testVeryLongTextIsBounded() {
    let clean = TextSanitizer.clean(String(repeating: "a", count: 10_000))
    XCTAssertEqual(clean.count, TextSanitizer.maximumLength + 1)
    XCTAssertTrue(clean.hasSuffix("…"))
  }

  func testSecretsAreReplacedBeforeTextIsCut() {
    let sanitizer = TextSanitizer(secrets: ["ghp_SECRET", "abc"])
    XCTAssertEqual(sanitizer.secrets, ["ghp_SECRET"], "too short to replace safely")
    XCTAssertEqual(sanitizer.clean("a ghp_SECRET\u{7} b abc"), "a <token>^G b abc")
    let long = String(repeating: "x", count: TextSanitizer.maximumLength - 3) + "ghp_SECRET"
    let clean = sanitizer.clean(long)
    XCTAssertFalse(clean.contains("ghp_"), "no part of the token is left at the cut")
    XCTAssertEqual(TextSanitizer.clean("ghp_SECRET"), "ghp_SECRET", "no secrets: unchanged")
  }

  func testModelsCleanTheirTextWithTheSanitizerGiven() {
    let sanitizer = TextSanitizer(secrets: ["ghp_SECRET"])
    let repository = Repository(
      name: "n\u{1B}", description: "has ghp_SECRET", language: "ghp_SECRET",
      sanitizer: sanitizer)
    XCTAssertEqual(repository.name, "n^[")
    XCTAssertEqual(repository.description, "has <token>")
    XCTAssertEqual(repository.language, "<token>")
    let organization = Owner(
      login: "ghp_SECRET", name: "\u{202E}x", description: "ghp_SECRET", sanitizer: sanitizer)
    XCTAssertEqual(organization.login, "<token>")
    XCTAssertEqual(organization.name, "\\u{202E}x")
    XCTAssertEqual(organization.description, "<token>")
  }
}
