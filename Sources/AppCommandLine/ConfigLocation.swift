/// Where the config file is: `$LOADER_TUI_CONFIG` when set, else
/// `$XDG_CONFIG_HOME/loader-tui/config`, else `~/.config/loader-tui/config`.
public enum ConfigLocation {
  /// The variable that names another config file.
  public static let variable = "LOADER_TUI_CONFIG"

  /// The config file's path in `environment`, and whether the variable named it (a file it
  /// names must exist; the usual one need not); `nil` when neither `XDG_CONFIG_HOME` nor
  /// `HOME` is an absolute path.
  public static func path(environment: [String: String]) -> (path: String, named: Bool)? {
    if let named = environment[variable], !named.isEmpty { return (named, true) }
    let base: String
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.config"
    } else {
      return nil
    }
    return (base + "/loader-tui/config", false)
  }
}
