import GitHubAPI

/// `loader-tui cache info` and `loader-tui cache clear`.
public enum CacheCommand: String, Sendable, Equatable, CaseIterable {
  /// Prints where the cache is, how big it is and what it holds.
  case info
  /// Removes every entry.
  case clear

  /// What it does, as the manual says it.
  var summary: String {
    switch self {
    case .info: "print where the cache is, how big it is and what it holds"
    case .clear: "remove every entry"
    }
  }

  /// The flags that may follow the command.
  static let flags: [FlagName] = [.cacheDir, .noConfig]

  /// Reads what follows `cache`: the command, then `--cache-dir DIR` and `--no-config`; the
  /// config file's `--cache-dir` counts when the command line gives none.
  static func parse(
    _ arguments: ArraySlice<String>, config: ArgumentParser.ConfigReading
  ) throws(UsageError) -> Invocation {
    var rest = arguments
    let usage =
      "loader-tui cache \(Subcommand.cache.arguments) "
      + flags.map { "[\(FlagTable.flag($0).usage)]" }.joined(separator: " ")
    let word = rest.popFirst()
    guard let word, let command = CacheCommand(rawValue: word) else {
      let choices = allCases.map(\.rawValue)
      if let word, let nearest = FlagSuggestion.nearest(to: word, among: choices) {
        throw UsageError(
          description: "unknown cache command \(TextSanitizer.clean(word)); did you mean "
            + "\(nearest)?")
      }
      throw UsageError(description: "cache needs \(Subcommand.cache.arguments): \(usage).")
    }
    // The flags are read as on the app's command line, with the same checks.
    var options = Options()
    guard case .flags(let given) = try ArgumentParser.read(rest, into: &options),
      given.allSatisfy({ flags.contains($0.flag.id) })
    else {
      throw UsageError(description: "cache \(command.rawValue) takes only these flags: \(usage).")
    }
    if !options.noConfig, options.cacheDirectory == nil, let file = try config() {
      for flag in try file.flags() where flag.flag.id == .cacheDir {
        try flag.apply(to: &options)
      }
    }
    return .cache(command, directory: options.cacheDirectory)
  }
}
