import GitHubAPI

/// Turns arguments into an `Invocation` by looking each flag up in `FlagTable`: pure, no I/O.
/// The config file, when the invocation reads one, comes from the `config` closure the caller
/// gives (the executable reads the file; tests hand over text).
public enum ArgumentParser {
  /// What reads the config file: `nil` when there is none.
  public typealias ConfigReading = () throws(UsageError) -> ConfigFile?

  /// Parses the arguments after the program name. The config file's flags come first and the
  /// command line's after (`ConfigMerge` says which of the file's are kept); `config` is
  /// called only for the app, `serve-demo` and `cache`, and not with `--no-config`.
  public static func parse(
    _ arguments: [String], config: ConfigReading = { nil }
  ) throws(UsageError) -> Invocation {
    var rest = arguments[...]
    if rest.first == DocTable.command { return try DocTable.parse(rest.dropFirst()) }
    let subcommand = rest.first.flatMap(Subcommand.init(rawValue:))
    if let subcommand, rest.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
      // A mistake among the words still wins over the help, as on the app's command line.
      var words = rest.dropFirst()
      if let first = words.first, subcommand.choices.contains(first) { words.removeFirst() }
      var options = Options()
      _ = try read(words, into: &options)
      return .subcommandHelp(subcommand)
    }
    switch subcommand {
    case .cache: return try CacheCommand.parse(rest.dropFirst(), config: config)
    case .completions: return try Shell.parse(rest.dropFirst())
    case .manual:
      guard rest.count == 1 else {
        throw UsageError(description: "manual takes no arguments: \(Subcommand.manual.usage).")
      }
      return .manual
    case .serveDemo: rest.removeFirst()
    case nil: break
    }
    let serveDemo = subcommand == .serveDemo
    // The command line's own mistakes come first, whatever the config file says.
    var options = Options()
    let given: [GivenFlag]
    switch try read(rest, into: &options) {
    case .invocation(let invocation): return invocation
    case .flags(let flags): given = flags
    }
    try FlagConflicts.check(given.map(\.flag), serveDemo: serveDemo, requirements: false)
    let file = given.contains { $0.flag.id == .noConfig } ? [] : try config()?.flags() ?? []
    let kept = ConfigMerge.kept(file, commandLine: given, serveDemo: serveDemo)
    if !kept.isEmpty {
      options = Options()
      for flag in kept + given { try flag.apply(to: &options) }
    }
    try FlagConflicts.check((kept + given).map(\.flag), serveDemo: serveDemo)
    try options.checkKeys()
    try options.checkFailureMode()
    options.noteHeadlessFlags(given)
    if serveDemo, let round = options.failingRounds.filter({ $0 > 1 }).min() {
      // The app tells its own server which fetch is under way; a server on its own hears none.
      throw UsageError(
        description: "--fail round=\(round): serve-demo on its own sees no fetch rounds, only "
          + "requests; leave out round=, or use --fail with the app's built-in server (no "
          + "--base-url).")
    }
    return serveDemo ? .serveDemo(options) : .run(options)
  }

  /// What a run of arguments says: flags, or an invocation (`--help`) that replaces the run.
  enum Reading {
    /// The flags, in the order given.
    case flags([GivenFlag])
    /// `--help` or `--version`, the first given: the other flags were read only for their
    /// mistakes.
    case invocation(Invocation)
  }

  /// Reads flags and their arguments, each looked up in `FlagTable`, and applies each to
  /// `options` as it is read, so the first mistake is the one reported. A mistake wins over
  /// `--help` and `--version` wherever they stand (`--version --bogus` is refused, as
  /// `--bogus --version` is).
  static func read(
    _ arguments: ArraySlice<String>, into options: inout Options
  ) throws(UsageError) -> Reading {
    var rest = arguments
    var given: [GivenFlag] = []
    var invoked: Invocation?
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
      if inline != nil, flag.argument == nil {
        throw UsageError(description: "\(name) takes no value; see --help.")
      }
      var value: String?
      switch flag.action {
      case .invoke(let invocation):
        invoked = invoked ?? invocation
        continue
      case .set:
        break
      case .read:
        guard let text = inline ?? rest.popFirst() else {
          throw UsageError(description: "\(name) needs a value; see --help.")
        }
        // `--org --headless` gives no organization: the next flag is not a value.
        if inline == nil, looksLikeFlag(text) {
          throw UsageError(
            description:
              "\(name) needs a value, but \(TextSanitizer.clean(text)) is a flag; put the value"
              + " right after \(name).")
        }
        value = text
      }
      let item = GivenFlag(flag: flag, name: name, value: value, origin: nil)
      try item.apply(to: &options)
      given.append(item)
    }
    return invoked.map(Reading.invocation) ?? .flags(given)
  }

  /// Whether `text` names a flag of the table (`--headless`, `-h`, `--org=x`) rather than a
  /// value.
  static func looksLikeFlag(_ text: String) -> Bool {
    guard text.hasPrefix("-"), text.count > 1 else { return false }
    let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
    return FlagTable.flag(named: name) != nil
  }

  /// The error for an argument that is no flag: the nearest flag's name when one is close.
  static func unknown(_ argument: String, name: String) -> UsageError {
    let shown = TextSanitizer.clean(argument)
    if let subcommand = Subcommand(rawValue: argument) {
      return UsageError(description: "\(argument) comes first: \(subcommand.usage).")
    }
    guard argument.hasPrefix("-") else {
      // A command mistyped (`cahce info`) gets the nearest command, as a flag gets its own.
      let commands = Subcommand.allCases.map(\.rawValue)
      // A flag's name without its dashes (`help`, `version`) asks for the flag.
      let flags = FlagTable.all.map(\.name)
      if let nearest = FlagSuggestion.nearest(to: argument, among: commands)
        ?? FlagSuggestion.nearest(to: "--" + argument, among: flags)
      {
        return UsageError(description: "unknown command \(shown); did you mean \(nearest)?")
      }
      return UsageError(description: "unexpected argument \"\(shown)\"; see --help.")
    }
    let names = FlagTable.all.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
    guard let nearest = FlagSuggestion.nearest(to: name, among: names) else {
      return UsageError(description: "unknown flag \(shown); see --help.")
    }
    return UsageError(
      description: "unknown flag \(TextSanitizer.clean(name)); did you mean \(nearest)?")
  }
}
