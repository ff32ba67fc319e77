/// `loader-tui cache info` and `loader-tui cache clear`.
public enum CacheCommand: String, Sendable, Equatable, CaseIterable {
  /// Prints where the cache is, how big it is and what it holds.
  case info
  /// Removes every entry.
  case clear

  /// Reads what follows `cache`: the command, then at most `--cache-dir DIR`.
  static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    var rest = arguments
    let usage = "loader-tui cache info|clear [--cache-dir DIR]"
    guard let word = rest.popFirst(), let command = CacheCommand(rawValue: word) else {
      throw UsageError(description: "cache needs info or clear: \(usage).")
    }
    // `--cache-dir` is read by its own flag, with the same checks as on the app's command line.
    let flag = FlagTable.flag(.cacheDir)
    guard case .read(_, let read) = flag.action else { return .cache(command, directory: nil) }
    var options = Options()
    while let argument = rest.popFirst() {
      let value: String?
      if argument == flag.name {
        guard let next = rest.popFirst() else {
          throw UsageError(description: "\(flag.name) needs a value; see --help.")
        }
        value = next
      } else if argument.hasPrefix(flag.name + "=") {
        value = String(argument.dropFirst(flag.name.count + 1))
      } else {
        value = nil
      }
      guard let value else {
        throw UsageError(
          description: "cache \(command.rawValue) takes only --cache-dir DIR: \(usage).")
      }
      try read(&options, FlagArgument(flag: flag.name, text: value))
    }
    return .cache(command, directory: options.cacheDirectory)
  }
}
