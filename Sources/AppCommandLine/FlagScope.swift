/// What a command line has chosen that decides which flags apply: `serve-demo`, a remote data
/// source, headless output or the terminal UI.
enum FlagContext: Sendable, Hashable {
  /// `loader-tui serve-demo`: the built-in server alone, no app.
  case serveDemo
  /// `--github` or `--base-url`: the app talks to a real API, the built-in server is not started.
  case remoteSource
  /// `--headless`: the app prints state changes and draws nothing.
  case headless
  /// `--interactive`: the app draws in the terminal and never prints state changes.
  case interactive
}

/// Where a flag applies. The parser refuses a flag given where it cannot apply, so a new flag
/// states its scope once, in `FlagTable`, and the check follows.
enum FlagScope: Sendable {
  /// Anywhere (`--help`, `--version`).
  case anywhere
  /// The app, whatever its data source and output; not `serve-demo`.
  case app
  /// The built-in server: the app without `--github` or `--base-url`, and `serve-demo`.
  case builtInServer
  /// `serve-demo` alone.
  case serveDemo
  /// The app's headless output; not with `--interactive`.
  case headless
  /// The app's terminal UI; not with `--headless`.
  case terminal

  /// The contexts that rule the flag out.
  var excluded: Set<FlagContext> {
    switch self {
    case .anywhere, .serveDemo: []
    case .app: [.serveDemo]
    case .builtInServer: [.remoteSource]
    case .headless: [.serveDemo, .interactive]
    case .terminal: [.serveDemo, .headless]
    }
  }

  /// The context the flag needs, if any.
  var needed: FlagContext? {
    self == .serveDemo ? .serveDemo : nil
  }

  /// What the flag is for, as the middle of a sentence ("--latency configures the built-in
  /// server").
  private var purpose: String {
    switch self {
    case .anywhere, .app: "is for the app"
    case .builtInServer: "configures the built-in server"
    case .serveDemo: "is for serve-demo"
    case .headless: "is for headless output"
    case .terminal: "is for the terminal UI"
    }
  }

  /// Why the flag `usage` (`--port N`) cannot be given where `chosen` says which word chose
  /// each context (`[.remoteSource: "--github"]`); `nil` when it applies.
  func conflict(_ name: String, usage: String, chosen: [FlagContext: String]) -> String? {
    if let needed, chosen[needed] == nil {
      return "\(name) applies only to serve-demo; run loader-tui serve-demo \(usage)."
    }
    for context in [FlagContext.serveDemo, .remoteSource, .headless, .interactive]
    where excluded.contains(context) {
      guard let word = chosen[context] else { continue }
      if context == .serveDemo {
        return "\(name) does not apply to serve-demo, which runs only the built-in server; "
          + "leave it out."
      }
      let absent = context == .remoteSource ? "is not started with" : "is off with"
      return "\(name) \(purpose), which \(absent) \(word); leave out one of them."
    }
    return nil
  }
}
