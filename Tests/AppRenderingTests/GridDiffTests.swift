import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering

/// The screen diff: which cells a backend writes, with their styles.
final class GridDiffTests: XCTestCase {
  func testTheFirstFrameClearsAndWritesEveryCell() {
    var grid = Grid(width: 3, height: 2)
    grid.put("ab", x: 0, y: 0, style: .title)
    let diff = grid.diff(from: nil)
    XCTAssertTrue(diff.clearsScreen)
    XCTAssertEqual(diff.changes.count, 6)
    XCTAssertEqual(diff.changes[0], CellChange(x: 0, y: 0, cell: Cell(text: "a", style: .title)))
  }

  func testOnlyChangedCellsAreWrittenAndAStyleChangeCounts() {
    var before = Grid(width: 4, height: 1)
    before.put("abcd", x: 0, y: 0, style: .plain)
    var after = before
    after.put("X", x: 1, y: 0, style: .plain)
    after.put("c", x: 2, y: 0, style: .error)
    XCTAssertEqual(
      after.diff(from: before),
      GridDiff(
        clearsScreen: false,
        changes: [
          CellChange(x: 1, y: 0, cell: Cell(text: "X", style: .plain)),
          CellChange(x: 2, y: 0, cell: Cell(text: "c", style: .error)),
        ]))
  }

  func testAWideCharacterIsOneChangeAndReplacingItWritesBothColumns() {
    var before = Grid(width: 4, height: 1)
    before.put("日", x: 1, y: 0, style: .plain)
    XCTAssertEqual(
      before.diff(from: Grid(width: 4, height: 1)).changes,
      [CellChange(x: 1, y: 0, cell: Cell(text: "日", style: .plain))])
    var after = before
    after.put("ab", x: 1, y: 0, style: .plain)
    XCTAssertEqual(
      after.diff(from: before).changes,
      [
        CellChange(x: 1, y: 0, cell: Cell(text: "a", style: .plain)),
        CellChange(x: 2, y: 0, cell: Cell(text: "b", style: .plain)),
      ])
  }

  func testANewSizeRepaintsEverything() {
    let small = Grid(width: 2, height: 1)
    let large = Grid(width: 3, height: 1)
    XCTAssertTrue(large.diff(from: small).clearsScreen)
    XCTAssertFalse(large.diff(from: large).clearsScreen)
    XCTAssertEqual(large.diff(from: large).changes, [])
  }

  // MARK: - Wide characters and styles, as ratatui's buffer diff tests check them

  /// The diff from `before` to `after`, and the lines a terminal that showed `before` shows
  /// once it wrote the diff's cells (a wide character takes its right neighbour too).
  private func applied(_ before: Grid, _ after: Grid) -> (changes: [CellChange], lines: [String]) {
    var screen = before
    let diff = after.diff(from: before)
    for change in diff.changes {
      screen.put(change.cell.text, x: change.x, y: change.y, style: change.cell.style)
    }
    return (diff.changes, screen.lines)
  }

  /// A line `width` wide with each piece's text written from its column.
  private func line(_ width: Int, _ pieces: (Int, String)...) -> Grid {
    var grid = Grid(width: width, height: 1)
    for (x, text) in pieces { grid.put(text, x: x, y: 0, style: .plain) }
    return grid
  }

  /// The diff from `before` to `after` writes exactly `writes` (a column and its text, "" for a
  /// blank), and a terminal that showed `before` then shows `shows`.
  private func assertDiff(
    _ before: Grid, _ after: Grid, writes: [(Int, String)], shows: String, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let result = applied(before, after)
    let expected = writes.map { x, text in
      CellChange(x: x, y: 0, cell: text.isEmpty ? .blank : Cell(text: text, style: .plain))
    }
    XCTAssertEqual(result.changes, expected, message, file: file, line: line)
    XCTAssertEqual(result.lines, after.lines, file: file, line: line)
    XCTAssertEqual(result.lines, [shows], file: file, line: line)
  }

  func testAWideCharacterMovedOneColumnRightBlanksWhereItWas() {
    assertDiff(
      line(5, (1, "日")), line(5, (2, "日")), writes: [(1, ""), (2, "日")], shows: "  日",
      "its right half is never written")
  }

  func testAWideCharacterMovedOneColumnLeftWritesWhatItUncovers() {
    assertDiff(line(5, (2, "日")), line(5, (1, "日")), writes: [(1, "日"), (3, "")], shows: " 日")
  }

  func testOverwritingHalfOfAWideCharacterBlanksItsOtherHalf() {
    let before = line(4, (0, "日本"))
    assertDiff(
      before, line(4, (0, "日本"), (1, "a")), writes: [(0, ""), (1, "a")], shows: " a本")
    assertDiff(
      before, line(4, (0, "日本"), (2, "b")), writes: [(2, "b"), (3, "")], shows: "日b")
  }

  func testAStyleAloneIsAChangeAndAWideCharacterIsStillOneCell() {
    var before = Grid(width: 4, height: 1)
    before.put("a日", x: 0, y: 0, style: .plain)
    var after = Grid(width: 4, height: 1)
    after.put("a", x: 0, y: 0, style: .plain)
    after.put("日", x: 1, y: 0, style: .error)
    let result = applied(before, after)
    XCTAssertEqual(result.changes, [CellChange(x: 1, y: 0, cell: Cell(text: "日", style: .error))])
    XCTAssertEqual(result.lines, ["a日"])
    XCTAssertEqual(Grid(width: 4, height: 1).diff(from: Grid(width: 4, height: 1)).changes, [])
  }

  // MARK: - Emoji and combining marks, as ratatui's buffer tests check them

  /// A ZWJ family, a flag, a heart made an emoji by VS16, and how the grid draws each so that
  /// every terminal gives it the same width (`TextWidth`): the family's first emoji (two
  /// columns), the flag's two letters, the heart without VS16 (one column).
  private static let emoji = [("👨‍👩‍👧", "👨"), ("🇫🇷", "FR"), ("❤️", "❤")]

  func testAnEmojiIsDrawnInAWidthEveryTerminalAgreesOn() {
    for (emoji, drawn) in Self.emoji {
      var grid = Grid(width: 4, height: 1)
      XCTAssertEqual(grid.put(emoji + "a", x: 0, y: 0, style: .plain), TextWidth.of(drawn) + 1)
      XCTAssertEqual(grid.lines, [drawn + "a"], emoji)
    }
  }

  func testAnEmojiMovedOneColumnEitherWayLeavesNothingBehind() {
    for (emoji, drawn) in Self.emoji {
      let left = line(5, (1, emoji))
      let right = line(5, (2, emoji))
      XCTAssertEqual(applied(left, right).lines, ["  " + drawn], emoji)
      XCTAssertEqual(applied(right, left).lines, [" " + drawn], emoji)
    }
  }

  func testOverwritingHalfOfAnEmojiShowsWhatTheNewFrameHolds() {
    for (emoji, _) in Self.emoji {
      let before = line(4, (0, emoji + emoji))
      for column in 0..<4 {
        let after = line(4, (0, emoji + emoji), (column, "a"))
        XCTAssertEqual(applied(before, after).lines, after.lines, "\(emoji) at \(column)")
      }
    }
    let family = line(4, (0, "👨‍👩‍👧👨‍👩‍👧"))
    XCTAssertEqual(
      applied(family, line(4, (0, "👨‍👩‍👧👨‍👩‍👧"), (1, "a"))).lines, [" a👨"],
      "the left half is blanked")
    XCTAssertEqual(
      applied(family, line(4, (0, "👨‍👩‍👧👨‍👩‍👧"), (2, "b"))).lines, ["👨b"],
      "the right half is blanked")
  }

  func testACombiningMarkStaysWithItsLetterWhenTheTextShifts() {
    let accented = "e\u{301}"  // é as a letter and a combining acute accent
    let before = line(4, (0, accented + "x"))
    XCTAssertEqual(
      before.diff(from: Grid(width: 4, height: 1)).changes,
      [
        CellChange(x: 0, y: 0, cell: Cell(text: accented, style: .plain)),
        CellChange(x: 1, y: 0, cell: Cell(text: "x", style: .plain)),
      ], "one cell for the letter and its mark")
    assertDiff(
      before, line(4, (1, "x" + accented)), writes: [(0, ""), (2, accented)],
      shows: " x" + accented, "the x stays where it was: only the letter and its mark move")
  }
}
