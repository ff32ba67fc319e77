import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering

/// Widths as the C library (and so ncurses and tmux) counts them, and the glyphs a grapheme
/// cluster is drawn as when terminals disagree on it.
final class TextWidthTests: XCTestCase {
  private func drawn(_ text: String) -> [String] {
    text.flatMap { TextWidth.glyphs($0) }.map(\.text)
  }

  func testDisputedClustersBecomeGlyphsOfKnownWidth() {
    let table: [(name: String, glyphs: [String], width: Int)] = [
      ("🇯🇵", ["J", "P"], 2),
      ("❤️", ["❤"], 1),
      ("👍🏽", ["👍"], 2),
      ("👨‍👩‍👧", ["👨"], 2),
      ("1️⃣", ["1"], 1),
      ("น้ำ", ["น\u{E49}", "\u{E33}"], 2),
      ("\u{301}", ["\u{25CC}\u{301}"], 1),
      ("日本", ["日", "本"], 4),
      (
        "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}",
        ["e\u{301}\u{302}\u{303}\u{304}", "\u{FFFD}"], 2
      ),
    ]
    for row in table {
      XCTAssertEqual(drawn(row.name), row.glyphs, row.name)
      XCTAssertEqual(TextWidth.of(row.name), row.width, row.name)
    }
  }

  func testEveryScalarOfAThaiOrDevanagariWordIsKept() {
    for word in ["น้ำ", "นมัสเต", "नमस्ते"] {
      XCTAssertEqual(
        drawn(word).joined().unicodeScalars.map(\.value), word.unicodeScalars.map(\.value), word)
    }
  }

  func testAGridRowOfDisputedNamesFillsExactlyItsCells() {
    for name in ["flag-🇯🇵-jp", "thai-น้ำ-water", "hindi-नमस्ते", "family-👨‍👩‍👧", "cjk-日本語"] {
      var grid = Grid(width: 30, height: 1)
      let used = grid.put(name, x: 0, y: 0, style: .plain)
      XCTAssertEqual(used, TextWidth.of(name), name)
      let cells = (0..<30).map { grid[$0, 0].text }
      let covered = cells.reduce(0) { total, text in
        total + (text.isEmpty ? 0 : TextWidth.glyphs(Character(text)).reduce(0) { $0 + $1.width })
      }
      XCTAssertEqual(covered, 30, "\(name): every cell is painted once")
    }
  }

  func testTheASCIILookKeepsColumns() {
    var grid = Grid(width: 12, height: 1, asciiOnly: true)
    grid.put("┌日★é✓…", x: 0, y: 0, style: .plain)
    XCTAssertEqual(grid.lines, ["+??*?+~"])
    XCTAssertEqual(
      ASCIIFallback.text("3 repositories (Apexy, …) — ok ✓"), "3 repositories (Apexy, ~) - ok +")
  }
}
