/// What the owner prompt holds while it is open.
public struct OwnerPrompt: Sendable, Equatable {
  /// The most characters it holds; typing or pasting more is ignored.
  public static let limit = 64

  /// The text typed.
  public var text = ""
  /// What was wrong with the name Enter tried, until the text changes.
  public var problem: String?
  /// What Tab completes: the text typed before the first Tab, and how many Tabs since.
  var completing: (prefix: String, index: Int)?

  /// An empty prompt.
  public init(text: String = "", problem: String? = nil) {
    self.text = text
    self.problem = problem
  }

  /// Compares the text and the problem.
  public static func == (lhs: OwnerPrompt, rhs: OwnerPrompt) -> Bool {
    lhs.text == rhs.text && lhs.problem == rhs.problem
      && lhs.completing?.prefix == rhs.completing?.prefix
      && lhs.completing?.index == rhs.completing?.index
  }
}
