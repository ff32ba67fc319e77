import Foundation

/// `loader-tui cache info` and `loader-tui cache clear`.
enum CacheCommand: String, Sendable, Equatable, CaseIterable {
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
    var directory: String?
    while let argument = rest.popFirst() {
      if argument == "--cache-dir", let value = rest.popFirst() {
        directory = value
      } else if argument.hasPrefix("--cache-dir=") {
        directory = String(argument.dropFirst("--cache-dir=".count))
      } else {
        throw UsageError(
          description: "cache \(command.rawValue) takes only --cache-dir DIR: \(usage).")
      }
    }
    if directory?.isEmpty == true {
      throw UsageError(description: "--cache-dir needs a directory; see --help.")
    }
    return .cache(command, directory: directory)
  }
}
