/// The sections of `--help`, in the order they are printed.
enum FlagGroup: Sendable, CaseIterable {
  /// Where the data comes from and how it is requested.
  case source
  /// The built-in server's behaviour.
  case server
  /// What the app prints or draws.
  case display

  /// The section heading.
  var title: String {
    switch self {
    case .source: "DATA SOURCE (default: the built-in server on 127.0.0.1, no network needed)"
    case .server: "BUILT-IN SERVER (not with --github or --base-url)"
    case .display: "DISPLAY"
    }
  }
}
