import AppModel

/// One terminal cell: a character (empty for the right half of a wide one) and its style.
public struct Cell: Sendable, Equatable {
  /// The character drawn, `""` for the second column of a wide character.
  public var text: String
  /// The style it is drawn in.
  public var style: Style

  /// Creates a value from its parts.
  public init(text: String, style: Style) {
    self.text = text
    self.style = style
  }

  /// A blank cell.
  public static let blank = Cell(text: " ", style: .plain)
}
