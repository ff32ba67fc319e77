import AppModel

/// The keys as the config file binds them, for what shows them without running the app:
/// `--help` and `loader-tui manual`.
public enum BoundKeys {
  /// The keys the config file's `--key` lines bind, for a command line of `arguments`; the
  /// shipped keys with `--no-config`, without a config file, or when the file has a mistake
  /// (which the app itself reports when it starts).
  public static func read(
    _ arguments: [String], config: ArgumentParser.ConfigReading
  ) -> KeyMap {
    guard !arguments.contains(FlagName.noConfig.rawValue) else { return .standard }
    do {
      var options = Options()
      for item in try config()?.flags() ?? [] where item.flag.id == .key {
        try item.apply(to: &options)
      }
      try options.checkKeys()
      return options.keys
    } catch {
      return .standard
    }
  }
}
