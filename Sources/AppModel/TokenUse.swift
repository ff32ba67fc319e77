/// Where the token the requests carry was read from, as a 401's or a rate limit's line names
/// it.
public enum TokenOrigin: Sendable, Equatable {
  /// An environment variable, by name (`GITHUB_TOKEN`).
  case variable(String)
  /// A file a flag named (`--token-file PATH`): on the command line when `configLine` is
  /// `nil`, else on that line of the config file (`FILE:LINE`).
  case file(path: String, flag: String, configLine: String?)

  /// "GITHUB_TOKEN", "ok.tok (--token-file)", "ok.tok (--token-file, config:3)".
  public var description: String {
    switch self {
    case .variable(let name): name
    case .file(let path, let flag, nil): "\(path) (\(flag))"
    case .file(let path, let flag, let line?): "\(path) (\(flag), \(line))"
    }
  }
}

/// What the app knows of the token its requests carry: a 401's or a rate limit's line names
/// where it came from, and advises giving one only when none is sent.
public enum TokenUse: Sendable, Equatable {
  /// Not known where the line is made (a request's line in the inspector): the lines name no
  /// token and advise none.
  case unknown
  /// None is sent; `advice` says how to give one ("set GITHUB_TOKEN or use --token-file
  /// PATH").
  case none(advice: String)
  /// One is sent, read from `origin`.
  case sent(TokenOrigin)
}
