/// The checks that need the whole command line: flags that exclude each other, flags given
/// where they do not apply (`FlagScope`), and flags given without the flag they need.
enum FlagConflicts {
  /// Throws the first conflict among `given` (in the order given), after `serve-demo` when
  /// `serveDemo`; a flag without the flag it needs is one too, unless `requirements` is false.
  static func check(
    _ given: [Flag], serveDemo: Bool, requirements: Bool = true
  ) throws(UsageError) {
    let names = Set(given.map(\.id))
    for (first, second) in FlagTable.exclusive where names.contains(first) && names.contains(second)
    {
      throw UsageError(description: exclusion(first, second))
    }
    if names.contains(.headless), names.contains(.refresh) {
      // Nothing revalidates in a headless run: it ends after its rounds.
      throw UsageError(
        description: "--refresh revalidates while the terminal app stays open; a headless run "
          + "ends after its rounds: use --rounds N, or leave out one of them.")
    }
    var chosen: [FlagContext: String] = serveDemo ? [.serveDemo: "serve-demo"] : [:]
    for flag in given {
      if let context = flag.chooses, chosen[context] == nil { chosen[context] = flag.name }
    }
    for flag in given {
      if let conflict = flag.scope.conflict(flag.name, usage: flag.usage, chosen: chosen) {
        throw UsageError(description: conflict)
      }
      if requirements, let required = flag.requires, !names.contains(required) {
        throw UsageError(
          description: "\(flag.name) only applies with \(required.rawValue); add "
            + "\(FlagTable.flag(required).usage) or leave out \(flag.name).")
      }
    }
  }

  /// Why `first` and `second` cannot be given together: they exclude each other, or one
  /// chooses a context (`--github`: a remote source) that rules the other out; `nil` when
  /// they can.
  static func conflict(_ first: Flag, _ second: Flag) -> String? {
    for (one, other) in FlagTable.exclusive
    where Set([one, other]) == Set([first.id, second.id]) && first.id != second.id {
      return exclusion(one, other)
    }
    for (chooser, flag) in [(first, second), (second, first)] {
      guard let context = chooser.chooses, flag.scope.excluded.contains(context) else { continue }
      return flag.scope.conflict(flag.name, usage: flag.usage, chosen: [context: chooser.name])
    }
    return nil
  }

  private static func exclusion(_ first: FlagName, _ second: FlagName) -> String {
    "Use either \(first.rawValue) or \(second.rawValue), not both."
  }
}
