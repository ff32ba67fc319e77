import AppModel

/// The shell completion scripts `loader-tui completions bash|zsh|fish` prints, rendered from
/// `FlagTable`, `Subcommand` and the value sets of the flags (`--fail-mode`'s modes, `--fail`'s
/// routes, paths for `--token-file` and `--cache-dir`), so a flag added to the table completes
/// in every shell.
public enum Completions {
  /// The script for `shell`; fish describes `--key`'s actions by the keys `keys` binds.
  public static func script(for shell: Shell, keys: KeyMap = .standard) -> String {
    switch shell {
    case .bash: BashCompletion.script
    case .zsh: ZshCompletion.script
    case .fish: FishCompletion.script(keys: keys)
    }
  }

  /// The flags the app itself takes, without a command first (all but `serve-demo`'s own).
  static var appFlags: [Flag] { FlagTable.all.filter { $0.scope.needed == nil } }

  /// The commands that take `flag` (`nil` is the app itself, without a command).
  static func commands(taking flag: Flag) -> [Subcommand?] {
    ([nil] + Subcommand.allCases).filter { command in
      command.map { $0.flags.contains { $0.id == flag.id } }
        ?? appFlags.contains { $0.id == flag.id }
    }
  }

  /// Every flag some command takes, in the table's order.
  static var allFlags: [Flag] { FlagTable.all.filter { !commands(taking: $0).isEmpty } }

  /// `flag`'s names, the long one first: `--help`, `-h`.
  static func names(_ flag: Flag) -> [String] {
    [flag.name] + (flag.shortName.map { [$0] } ?? [])
  }
}
