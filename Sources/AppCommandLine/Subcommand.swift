/// The words that come first on a command line and run something other than the app.
public enum Subcommand: String, Sendable, CaseIterable {
  /// The built-in GitHub-shaped server alone.
  case serveDemo = "serve-demo"
  /// `cache info` or `cache clear`.
  case cache
  /// `completions bash|zsh|fish`: the shell's completion script.
  case completions
  /// `manual`: the manual page, in mdoc.
  case manual

  /// What follows the word, as help shows it.
  public var arguments: String {
    switch self {
    case .serveDemo: "[--port N]"
    case .cache: CacheCommand.allCases.map(\.rawValue).joined(separator: "|")
    case .completions: Shell.allCases.map(\.rawValue).joined(separator: "|")
    case .manual: ""
    }
  }

  /// The command line as help shows it.
  public var usage: String {
    (["loader-tui", rawValue] + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ")
  }

  /// What it does, as help shows it.
  public var summary: String {
    switch self {
    case .serveDemo: "the built-in GitHub-shaped server alone"
    case .cache: "show or empty the cache (--cache-dir DIR)"
    case .completions: "print the shell's completion script"
    case .manual: "print the manual page, in mdoc (loader-tui manual | man -l -)"
    }
  }

  /// The words its first argument is one of (`info`, `clear`); empty when it takes none.
  var choices: [String] {
    switch self {
    case .serveDemo, .manual: []
    case .cache: CacheCommand.allCases.map(\.rawValue)
    case .completions: Shell.allCases.map(\.rawValue)
    }
  }

  /// The flags it takes: `serve-demo` the built-in server's, `cache` `--cache-dir`.
  var flags: [Flag] {
    switch self {
    case .serveDemo: FlagTable.all.filter { !$0.scope.excluded.contains(.serveDemo) }
    case .cache: CacheCommand.flags.map(FlagTable.flag)
    case .completions, .manual: []
    }
  }
}
