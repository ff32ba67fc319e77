import AppModel

/// An in-memory screen: rendering writes cells here, the backend draws them.
public struct Grid: Sendable, Equatable {
  /// Width in cells.
  public let width: Int
  /// Height in cells.
  public let height: Int
  /// Row-major cells.
  public private(set) var cells: [Cell]

  /// Whether every character is drawn in its ASCII look (`ASCIIFallback`).
  public let asciiOnly: Bool

  /// A blank grid; with `asciiOnly`, text put on it is drawn in ASCII.
  public init(width: Int, height: Int, asciiOnly: Bool = false) {
    self.asciiOnly = asciiOnly
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at a position.
  public subscript(x: Int, y: Int) -> Cell {
    cells[y * width + x]
  }

  /// Each row as text, trailing spaces removed: what a person would read.
  public var lines: [String] {
    (0..<height).map { y in
      var line = ""
      for x in 0..<width { line += self[x, y].text }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// Writes `text` from (x, y), clipped to `limit` cells (default: to the edge); wide
  /// characters are never split. Returns the columns used.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, limit: Int? = nil, style: Style) -> Int {
    guard y >= 0, y < height, x >= 0, x < width else { return 0 }
    let end = min(width, x + (limit ?? width))
    var column = x
    if TextWidth.isOneScalarPerCharacter(text) {
      // Each scalar is a character, drawn as the general path below draws a character of one
      // scalar, without the standard library's grapheme breaking.
      for scalar in text.unicodeScalars {
        guard let glyph = TextWidth.singleGlyph(scalar) else { continue }
        if !asciiOnly || scalar.isASCII {
          guard place(glyph, at: &column, before: end, y: y, style: style) else {
            return column - x
          }
          continue
        }
        for cell in ASCIIFallback.cells(glyph) {
          guard place(cell, at: &column, before: end, y: y, style: style) else { return column - x }
        }
      }
      return column - x
    }
    for character in text {
      // A character of one scalar is one glyph (in the ASCII look too when it is ASCII):
      // placed without the arrays of the general path below, which draws it the same.
      if !asciiOnly || character.isASCII, let glyph = TextWidth.singleGlyph(character) {
        guard place(glyph, at: &column, before: end, y: y, style: style) else { return column - x }
        continue
      }
      for glyph in TextWidth.glyphs(character).flatMap({
        asciiOnly ? ASCIIFallback.cells($0) : [$0]
      }) {
        guard place(glyph, at: &column, before: end, y: y, style: style) else { return column - x }
      }
    }
    return column - x
  }

  /// Places `glyph` at `column` and moves `column` past it, when it ends at or before `end`;
  /// false, placing nothing, when it does not.
  private mutating func place(
    _ glyph: Glyph, at column: inout Int, before end: Int, y: Int, style: Style
  ) -> Bool {
    if column + glyph.width > end { return false }
    place(glyph, column: column, y: y, style: style)
    column += glyph.width
    return true
  }

  private mutating func place(_ glyph: Glyph, column: Int, y: Int, style: Style) {
    set(column, y, Cell(text: glyph.text, style: style))
    if glyph.width == 2 { set(column + 1, y, Cell(text: "", style: style)) }
  }

  /// Replaces every cell showing `old` in `style` with `new` (both one cell wide).
  public mutating func replace(_ old: String, with new: String, style: Style) {
    for index in cells.indices where cells[index].style == style && cells[index].text == old {
      cells[index].text = new
    }
  }

  /// Fills a rectangle with blanks of a style.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
      for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
        set(x, y, Cell(text: " ", style: style))
      }
    }
  }

  private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
    let index = y * width + x
    // Overwriting half of a wide character blanks its other half.
    let old = cells[index]
    if old.text.isEmpty, x > 0, !cells[index - 1].text.isEmpty {
      cells[index - 1] = Cell(text: " ", style: cells[index - 1].style)
    } else if !old.text.isEmpty, x + 1 < width, cells[index + 1].text.isEmpty {
      cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
    }
    cells[index] = cell
  }
}
