/// The app's name and version.
public enum AppInfo {
  /// The version printed by `--version` and sent in `User-Agent`.
  public static let version = "0.2.0"
  /// The day this version was made (ISO 8601), which the manual page shows; change it with the
  /// version.
  public static let date = "2026-12-01"
  /// `loader-tui/<version>`.
  public static let userAgent = "loader-tui/\(version)"
}
