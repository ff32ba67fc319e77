/// What the owner prompt holds while it is open.
public struct OwnerPrompt: Sendable, Equatable {
  /// The most characters it holds; typing or pasting more is ignored.
  public static let limit = 64

  /// The text typed.
  public var text = ""
  /// What was wrong with the name Enter tried, until the text changes.
  public var problem: String?
  /// The problem in fewer words, widest first, for a row too narrow for it: each still says
  /// what to do.
  public var shorterProblems: [String] = []
  /// What Tab completes, once Tab was pressed.
  var completing: Completion?

  /// What Tab completes: the text typed before the first Tab, and which of its matches
  /// the prompt holds.
  struct Completion: Sendable, Equatable {
    /// The text typed before the first Tab.
    var prefix: String
    /// The match shown, an index into the recent owners that start with `prefix`.
    var index: Int
  }

  /// An empty prompt.
  public init(text: String = "", problem: String? = nil, shorterProblems: [String] = []) {
    self.text = text
    self.problem = problem
    self.shorterProblems = shorterProblems
  }

  /// The problem and its shorter forms, widest first; empty when there is none.
  public var problems: [String] {
    problem.map { [$0] + shorterProblems } ?? []
  }
}
