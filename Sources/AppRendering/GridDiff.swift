/// One cell to write at a position.
public struct CellChange: Sendable, Equatable {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int
  /// What goes there.
  public var cell: Cell

  /// A change of the cell at (x, y).
  public init(x: Int, y: Int, cell: Cell) {
    self.x = x
    self.y = y
    self.cell = cell
  }
}

/// What a backend writes to turn the drawn screen into the next one.
public struct GridDiff: Sendable, Equatable {
  /// Whether the backend clears the screen first (first frame, new size, repaint).
  public var clearsScreen: Bool
  /// The cells to write, row by row; the right half of a wide character is never listed.
  public var changes: [CellChange]

  /// A diff of `changes`, after clearing the screen when `clearsScreen`.
  public init(clearsScreen: Bool, changes: [CellChange]) {
    self.clearsScreen = clearsScreen
    self.changes = changes
  }
}

extension Grid {
  /// The cells that differ from `previous`; every cell when there is none or its size differs.
  public func diff(from previous: Grid?) -> GridDiff {
    let full = previous.map { $0.width != width || $0.height != height } ?? true
    var changes: [CellChange] = []
    for y in 0..<height {
      for x in 0..<width {
        let cell = self[x, y]
        if cell.text.isEmpty { continue }
        if !full, let previous, previous[x, y] == cell { continue }
        changes.append(CellChange(x: x, y: y, cell: cell))
      }
    }
    return GridDiff(clearsScreen: full, changes: changes)
  }
}
