/// Width and height of the terminal in cells.
public struct Size: Sendable, Equatable {
  /// Columns, left to right.
  public var columns: Int
  /// Rows, top to bottom.
  public var rows: Int

  /// Creates a value from its parts.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
