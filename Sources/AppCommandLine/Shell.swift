/// The shells `loader-tui completions` writes a script for.
public enum Shell: String, Sendable, CaseIterable {
  /// GNU bash, with or without the bash-completion package.
  case bash
  /// zsh's completion system (`compinit`).
  case zsh
  /// fish.
  case fish

  /// Reads what follows `completions`: one shell.
  static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let usage = Subcommand.completions.usage
    guard arguments.count == 1, let shell = arguments.first.flatMap(Shell.init(rawValue:)) else {
      throw UsageError(description: "completions needs the shell: \(usage).")
    }
    return .completions(shell)
  }
}
