import GitHubAPI

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
    guard let given = arguments.first else {
      throw UsageError(description: "completions needs the shell: \(usage).")
    }
    guard let shell = Shell(rawValue: given) else {
      if let nearest = FlagSuggestion.nearest(to: given, among: allCases.map(\.rawValue)) {
        throw UsageError(
          description:
            "completions knows bash, zsh and fish, not \"\(TextSanitizer.clean(given))\"; "
            + "did you mean \(nearest)?")
      }
      throw UsageError(
        description: "completions knows bash, zsh and fish, not \"\(TextSanitizer.clean(given))\": "
          + "\(usage).")
    }
    guard arguments.count == 1 else {
      throw UsageError(description: "completions takes one shell: \(usage).")
    }
    return .completions(shell)
  }
}
