/// The checks that need the whole command line: flags that exclude each other, flags given
/// where they do not apply (`FlagScope`), and flags given without the flag they need.
enum FlagConflicts {
  /// Throws the first conflict among `given` (in the order given), after `serve-demo` when
  /// `serveDemo`.
  static func check(_ given: [Flag], serveDemo: Bool) throws(UsageError) {
    let names = Set(given.map(\.id))
    for (first, second) in FlagTable.exclusive where names.contains(first) && names.contains(second)
    {
      throw UsageError(
        description: "Use either \(first.rawValue) or \(second.rawValue), not both.")
    }
    var chosen: [FlagContext: String] = serveDemo ? [.serveDemo: "serve-demo"] : [:]
    for flag in given {
      if let context = flag.chooses, chosen[context] == nil { chosen[context] = flag.name }
    }
    for flag in given {
      if let conflict = flag.scope.conflict(flag.name, usage: flag.usage, chosen: chosen) {
        throw UsageError(description: conflict)
      }
      if let required = flag.requires, !names.contains(required) {
        throw UsageError(
          description: "\(flag.name) only applies with \(required.rawValue); add "
            + "\(FlagTable.flag(required).usage) or leave out \(flag.name).")
      }
    }
  }
}
