import GitHubAPI

/// Turns arguments into an `Invocation` by looking each flag up in `FlagTable`: pure, no I/O.
public enum ArgumentParser {
  /// Parses the arguments after the program name.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var options = Options()
    var rest = arguments[...]
    let subcommand = rest.first.flatMap(Subcommand.init(rawValue:))
    if subcommand == .cache { return try CacheCommand.parse(rest.dropFirst()) }
    let serveDemo = subcommand == .serveDemo
    if serveDemo { rest.removeFirst() }
    var given: [Flag] = []
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let flag = FlagTable.flag(named: name) else {
        throw unknown(argument, name: name)
      }
      if !given.contains(where: { $0.id == flag.id }) { given.append(flag) }
      if inline != nil, flag.argument == nil {
        throw UsageError(description: "\(name) takes no value; see --help.")
      }
      switch flag.action {
      case .invoke(let invocation):
        return invocation
      case .set(let apply):
        apply(&options)
      case .read(_, let apply):
        guard let text = inline ?? rest.popFirst() else {
          throw UsageError(description: "\(name) needs a value; see --help.")
        }
        try apply(&options, FlagArgument(flag: name, text: text))
      }
    }
    try FlagConflicts.check(given, serveDemo: serveDemo)
    return serveDemo ? .serveDemo(options) : .run(options)
  }

  /// The error for an argument that is no flag: the nearest flag's name when one is close.
  private static func unknown(_ argument: String, name: String) -> UsageError {
    let shown = TextSanitizer.clean(argument)
    if argument == Subcommand.serveDemo.rawValue {
      return UsageError(description: "serve-demo comes first: loader-tui serve-demo [--port N].")
    }
    guard argument.hasPrefix("-") else {
      return UsageError(description: "Unexpected argument \"\(shown)\"; see --help.")
    }
    let names = FlagTable.all.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
    guard let nearest = FlagSuggestion.nearest(to: name, among: names) else {
      return UsageError(description: "unknown flag \(shown); see --help.")
    }
    return UsageError(
      description: "unknown flag \(TextSanitizer.clean(name)); did you mean \(nearest)?")
  }
}
