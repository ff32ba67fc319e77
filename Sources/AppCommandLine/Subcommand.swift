/// The words that come first on a command line and run something other than the app.
public enum Subcommand: String, Sendable, CaseIterable {
  /// The built-in GitHub-shaped server alone.
  case serveDemo = "serve-demo"
  /// `cache info` or `cache clear`.
  case cache

  /// The command line as help shows it.
  public var usage: String {
    switch self {
    case .serveDemo: "loader-tui serve-demo [--port N]"
    case .cache: "loader-tui cache info|clear"
    }
  }

  /// What it does, as help shows it.
  public var summary: String {
    switch self {
    case .serveDemo: "the built-in GitHub-shaped server alone"
    case .cache: "show or empty the cache (--cache-dir DIR)"
    }
  }
}
