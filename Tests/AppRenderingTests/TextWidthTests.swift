import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import DemoAPI
@testable import GitHubAPI

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

  /// Every name of `--fail-mode wide-text` as the app gets it (cleaned where it enters) and
  /// draws it: the ZWJ family as its first emoji, as the app guide says, never as the joiners'
  /// escapes; a flag as its letters, the keycap as its digit.
  func testTheWideNamesFromTheServerAreDrawnAsTheGuideSays() {
    let drawn = DemoFailureReply.wideNames.map { name -> String in
      var grid = Grid(width: 30, height: 1)
      grid.put(Repository(name: name, sanitizer: TextSanitizer()).name, x: 0, y: 0, style: .plain)
      return grid.lines[0].trimmingCharacters(in: .whitespaces)
    }
    XCTAssertEqual(
      drawn,
      [
        "flag-JP-jp", "heart-❤-vs16", "thumb-👍-tone", "family-👨-zwj", "thai-น้ำ-water",
        "hindi-नमस्ते-hello", "marks-e\u{301}\u{302}\u{303}\u{304}\u{FFFD}-six", "cjk-日本語-jp",
        "keycap-1-one", "rocket-🚀-wide",
      ])
  }

  func testTheASCIILookKeepsColumns() {
    var grid = Grid(width: 12, height: 1, asciiOnly: true)
    grid.put("┌日★é✓…", x: 0, y: 0, style: .plain)
    XCTAssertEqual(grid.lines, ["+??*?+~"])
    XCTAssertEqual(
      ASCIIFallback.text("3 repositories (Apexy, …) — ok ✓"), "3 repositories (Apexy, ~) - ok +")
  }

  /// Text that takes every path of `Grid.put`: the built-in server's names of disputed width
  /// (`--fail-mode wide-text`), its hostile text (controls, bidi overrides, `\r\n`), the
  /// fixtures, and scalars of every width from the ASCII range to the astral planes.
  private var hardText: [String] {
    var texts = DemoFailureReply.wideNames
    texts += (0..<16).map { DemoFailureReply.hostile("name", index: $0) }
    texts += DemoFixtures.repositories.flatMap { [$0.name, $0.description] }
    texts += ["a\r\nb", "\u{301}x", "x\u{301}", "日\u{301}", "\u{85}\u{9B}", "┌─┐│└┘", "é✓…★"]
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x2FF, 0x300...0x36F, 0x590...0x6FF, 0xE00...0xE7F, 0x1100...0x11FF,
      0x2000...0x2BFF, 0x3000...0x30FF, 0xAC00...0xAC40, 0xFE00...0xFE2F, 0xFF00...0xFFFF,
      0x1F000...0x1F6FF, 0x1F900...0x1F9FF, 0xE0000...0xE007F, 0x10FFFE...0x10FFFF,
    ]
    for range in ranges {
      let scalars = range.compactMap(Unicode.Scalar.init).map(Character.init)
      texts.append(String(scalars))
    }
    // Every scalar `isOneScalarPerCharacter` takes above Latin, in one string of that path.
    var alone = String.UnicodeScalarView()
    alone.append(
      contentsOf: (0x2010...0x2BFF).compactMap(Unicode.Scalar.init).filter {
        TextWidth.isAlwaysAlone($0)
      })
    texts.append(String(alone))
    return texts
  }

  func testAScalarTakenAsACharacterByItselfNeverJoinsANeighbour() {
    // The grapheme rules join two scalars only when the second extends the first (marks,
    // ZWJ, spacing marks: after a letter), the first is a prepended one (before a letter), or
    // both are Hangul jamo or regional indicators (a scalar doubled); CR LF is the one other
    // pair, and both are controls, drawn as nothing.
    var taken = 0
    for value in UInt32(0)...0x2FFF {
      guard let scalar = Unicode.Scalar(value), TextWidth.isAlwaysAlone(scalar) else { continue }
      taken += 1
      let text = String(scalar)
      XCTAssertEqual(("x" + text).count, 2, "U+\(String(value, radix: 16)) after a letter")
      XCTAssertEqual((text + "x").count, 2, "U+\(String(value, radix: 16)) before a letter")
      if value != 0x0D { XCTAssertEqual((text + text).count, 2, "U+\(String(value, radix: 16))") }
    }
    XCTAssertEqual(taken, 0x300 + (0x2C00 - 0x2010) - 0x30)
    for joiner: UInt32 in [0x301, 0x200C, 0x200D, 0x20E3, 0xFE0F, 0x1F3FB, 0x1100, 0x1F1E6] {
      XCTAssertFalse(TextWidth.isAlwaysAlone(Unicode.Scalar(joiner)!), "U+\(joiner)")
    }
  }

  func testWidthAndTruncationAreThoseOfTheCharacters() {
    for text in hardText {
      XCTAssertEqual(TextWidth.of(text), text.reduce(0) { $0 + TextWidth.of($1) }, text)
      for width in [1, 2, 5, 12, 40] {
        XCTAssertEqual(
          TextWidth.truncate(text, to: width), referenceTruncate(text, to: width),
          "\(text) to \(width)")
      }
    }
  }

  /// `TextWidth.truncate` character by character, as it was before its scalar path.
  private func referenceTruncate(_ text: String, to width: Int) -> String {
    if text.reduce(0, { $0 + TextWidth.of($1) }) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let w = TextWidth.of(character)
      if used + w > width - 1 { break }
      result.append(character)
      used += w
    }
    return result + "…"
  }

  /// `Grid.put` as it was before it placed single-scalar characters on its own: every
  /// character through `TextWidth.glyphs` (and `ASCIIFallback.cells` in the ASCII look).
  private func referencePut(
    _ text: String, x: Int, limit: Int?, into grid: inout [Cell], width: Int, asciiOnly: Bool
  ) -> Int {
    let end = min(width, x + (limit ?? width))
    var column = x
    func set(_ x: Int, _ cell: Cell) {
      let old = grid[x]
      if old.text.isEmpty, x > 0, !grid[x - 1].text.isEmpty {
        grid[x - 1] = Cell(text: " ", style: grid[x - 1].style)
      } else if !old.text.isEmpty, x + 1 < width, grid[x + 1].text.isEmpty {
        grid[x + 1] = Cell(text: " ", style: grid[x + 1].style)
      }
      grid[x] = cell
    }
    for character in text {
      for glyph in TextWidth.glyphs(character).flatMap({
        asciiOnly ? ASCIIFallback.cells($0) : [$0]
      }) {
        if column + glyph.width > end { return column - x }
        set(column, Cell(text: glyph.text, style: .plain))
        if glyph.width == 2 { set(column + 1, Cell(text: "", style: .plain)) }
        column += glyph.width
      }
    }
    return column - x
  }

  func testSingleGlyphIsWhatGlyphsDraws() {
    for text in hardText {
      for character in text {
        let glyphs = TextWidth.glyphs(character)
        if let single = TextWidth.singleGlyph(character) {
          XCTAssertEqual(glyphs, [single], "\(character.unicodeScalars.map(\.value))")
        } else {
          XCTAssertTrue(
            character.unicodeScalars.count > 1 || glyphs.isEmpty,
            "\(character.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(
          TextWidth.of(character), glyphs.reduce(0) { $0 + $1.width },
          "\(character.unicodeScalars.map(\.value))")
      }
    }
  }

  func testPutDrawsHardTextAsEveryCharacterThroughGlyphs() {
    for asciiOnly in [false, true] {
      for text in hardText {
        for (x, limit) in [(0, nil), (3, 7), (1, 1), (5, nil)] as [(Int, Int?)] {
          let width = 40
          var grid = Grid(width: width, height: 1, asciiOnly: asciiOnly)
          // Something drawn before, so overwriting half of a wide character is exercised.
          grid.put("日本語日本語日本語日本語日本語日本語日本語", x: 0, y: 0, style: .title)
          var expected = (0..<width).map { grid[$0, 0] }
          let used = grid.put(text, x: x, y: 0, limit: limit, style: .plain)
          let expectedUsed = referencePut(
            text, x: x, limit: limit, into: &expected, width: width, asciiOnly: asciiOnly)
          XCTAssertEqual(used, expectedUsed, text)
          XCTAssertEqual((0..<width).map { grid[$0, 0] }, expected, text)
        }
      }
    }
  }
}
