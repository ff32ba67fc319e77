import XCTest

@testable import AppCore

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
}
