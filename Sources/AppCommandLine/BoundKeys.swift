import AppModel

/// The keys as the config file binds them, for what shows them without running the app:
/// `--help` and `loader-tui manual`.
public enum BoundKeys {
  /// The keys the config file's `--key` lines and those of `arguments` bind (the config file's
  /// left out with `--no-config`); the shipped keys when they have a mistake, which the app
  /// itself reports when it starts.
  public static func read(
    _ arguments: [String], config: ArgumentParser.ConfigReading
  ) -> KeyMap {
    let key = FlagName.key.rawValue
    let typed = zip(arguments, arguments.dropFirst() + [""]).compactMap { word, next in
      word == key ? next : word.hasPrefix(key + "=") ? String(word.dropFirst(key.count + 1)) : nil
    }
    do {
      var options = Options()
      let file = arguments.contains(FlagName.noConfig.rawValue) ? [] : try config()?.flags() ?? []
      for item in file where item.flag.id == .key { try item.apply(to: &options) }
      let flag = FlagTable.flag(.key)
      for value in typed {
        try GivenFlag(flag: flag, name: key, value: value, origin: nil).apply(to: &options)
      }
      try options.checkKeys()
      return options.keys
    } catch {
      return .standard
    }
  }
}
