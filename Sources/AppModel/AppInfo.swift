/// The app's name and version.
public enum AppInfo {
  /// The version printed by `--version` and sent in `User-Agent`.
  public static let version = "0.1.0"
  /// `loader-tui/<version>`.
  public static let userAgent = "loader-tui/\(version)"
}
