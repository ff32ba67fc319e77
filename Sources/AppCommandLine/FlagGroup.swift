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

  /// The heading in the manual page.
  var heading: String {
    switch self {
    case .source: "Data source"
    case .server: "Built-in server"
    case .display: "Display"
    }
  }

  /// What the manual says under the heading, a sentence or more.
  var note: String {
    switch self {
    case .source:
      "By default the app starts a built-in GitHub-shaped server on 127.0.0.1 and needs no"
        + " network; --github or --base-url choose a real API."
    case .server:
      "These shape the built-in server, in the app and in serve-demo; they are refused with"
        + " --github or --base-url."
    case .display:
      "What the app draws or prints. The headless flags typed without --headless apply when"
        + " there is no terminal, and are a usage error where the terminal UI would start; the"
        + " config file's apply only without a terminal."
    }
  }
}
