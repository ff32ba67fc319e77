/// What the command line asks for.
public enum Invocation: Sendable, Equatable {
  /// Run the app (terminal or headless).
  case run(Options)
  /// Run the built-in server alone.
  case serveDemo(Options)
  /// `cache info` or `cache clear`, on `--cache-dir` if given.
  case cache(CacheCommand, directory: String?)
  /// Print help.
  case help
  /// Print a subcommand's help (`serve-demo --help`): what it does and the flags it takes.
  case subcommandHelp(Subcommand)
  /// Print the version.
  case version
  /// Print the shell's completion script.
  case completions(Shell)
  /// Print the manual page.
  case manual
  /// Print a table of the docs in Markdown (`doc-table keys`), for `scripts/tables`.
  case docTable(DocTable)
}
