/// A line of a pane: text in one style.
public struct PaneLine: Equatable {
  /// The text of the line.
  public var text: String
  /// The style it is drawn in.
  public var style: Style

  /// Creates a value from its parts.
  public init(text: String, style: Style) {
    self.text = text
    self.style = style
  }
}
