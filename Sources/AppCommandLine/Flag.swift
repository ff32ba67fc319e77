/// One command-line flag: its name, argument, default, help sentence and group, and what it
/// does. `FlagTable.all` lists them; the parser reads flags and `--help` renders from it.
struct Flag: Sendable {
  /// What a flag does when it is given.
  enum Action: Sendable {
    /// Stops reading and asks for this instead (`--help`, `--version`).
    case invoke(Invocation)
    /// Changes the options; takes no argument.
    case set(@Sendable (inout Options) -> Void)
    /// Reads one argument, named by the placeholder (`SECONDS`), into the options.
    case read(String, @Sendable (inout Options, FlagArgument) throws(UsageError) -> Void)
  }

  /// Which flag it is.
  let id: FlagName
  /// The name, `--timeout`.
  var name: String { id.rawValue }
  /// A one-letter alias, `-h`, if any.
  let shortName: String?
  /// The section of `--help` it is listed in.
  let group: FlagGroup
  /// What it does, as a sentence without a final stop.
  var help: String { helpText() }
  /// Makes `help` when help or a completion script asks for it, not when the table is made at
  /// every start: some sentences are built from lists (`--fail-mode`'s modes), and building
  /// them ran generic code that reads type records all over the binary.
  private let helpText: @Sendable () -> String
  /// The default as help shows it, read from the options the app starts with; `nil` for none.
  let shownDefault: @Sendable (Options) -> String?
  /// What it does.
  let action: Action
  /// Where it applies; given anywhere else it is a usage error.
  let scope: FlagScope
  /// The context giving it chooses (`--github` chooses a remote source), if any.
  let chooses: FlagContext?
  /// Another flag without which it does nothing (`--fail-mode` needs `--fail`), if any.
  let requires: FlagName?
  /// What its argument can be, for completions (`--fail-mode`'s modes, a file).
  let values: FlagValues

  /// Creates a flag.
  init(
    _ id: FlagName, short shortName: String? = nil, _ group: FlagGroup,
    _ help: @escaping @autoclosure @Sendable () -> String,
    default shownDefault: @escaping @Sendable (Options) -> String? = { _ in nil },
    scope: FlagScope = .app, chooses: FlagContext? = nil, requires: FlagName? = nil,
    values: FlagValues = .any, _ action: Action
  ) {
    self.id = id
    self.shortName = shortName
    self.group = group
    self.helpText = help
    self.shownDefault = shownDefault
    self.scope = scope
    self.chooses = chooses
    self.requires = requires
    self.values = values
    self.action = action
  }

  /// The argument's placeholder (`SECONDS`), `nil` when the flag takes none.
  var argument: String? {
    if case .read(let placeholder, _) = action { return placeholder }
    return nil
  }

  /// The flag as help shows it: `-h, --help` or `--timeout SECONDS`.
  var usage: String {
    (shortName.map { $0 + ", " } ?? "") + name + (argument.map { " " + $0 } ?? "")
  }

  /// The help sentence followed by the default in `defaults`, if the flag has one.
  func sentence(defaults: Options) -> String {
    help + (shownDefault(defaults).map { " (default \($0))" } ?? "")
  }
}
