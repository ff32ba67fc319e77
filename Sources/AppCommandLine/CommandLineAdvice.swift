import AppModel

/// What the command line adds to an error message: the flag that changes the limit hit.
public enum CommandLineAdvice {
  /// The advice the app and headless mode give.
  public static let errors = ErrorAdvice(
    pageCap: "raise it with --page-cap", limit: FlagName.limit.rawValue)
}
