/// A rectangle of cells.
public struct Rect: Sendable, Equatable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// Width in cells.
  public var width: Int
  /// Height in cells.
  public var height: Int

  /// Creates a value from its parts.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle inside a one-cell border.
  public var inner: Rect {
    Rect(x: x + 1, y: y + 1, width: max(0, width - 2), height: max(0, height - 2))
  }
  /// The rectangle inside a border with one column of margin on each side.
  public var content: Rect {
    let inside = inner
    return Rect(
      x: inside.x + 1, y: inside.y, width: max(0, inside.width - 2), height: inside.height)
  }
  /// The last row, as a y coordinate.
  public var bottom: Int { y + height - 1 }
  /// The last column, as an x coordinate.
  public var right: Int { x + width - 1 }
}
