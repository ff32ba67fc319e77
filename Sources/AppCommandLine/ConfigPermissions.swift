import GitHubAPI

/// The config file says what the app runs against and with which token file, so, as ssh does
/// with its own, a file someone else could have written is refused.
public enum ConfigPermissions {
  /// Why the file at `path` with this `mode` and `owner` is refused for `user`; `nil` when it
  /// is not (owned by the user or root, writable by neither its group nor others).
  public static func refusal(path: String, mode: UInt32, owner: UInt32, user: UInt32)
    -> UsageError?
  {
    let shown = ShellWord.word(TextSanitizer.clean(path))
    if owner != user && owner != 0 {
      return UsageError(
        description:
          "refusing the config file \(shown): it belongs to another user (uid \(owner)); make it"
          + " yours or remove it, or start with --no-config.")
    }
    if mode & 0o022 != 0 {
      let who = ["its group": mode & 0o020 != 0, "others": mode & 0o002 != 0]
      let writers = ["its group", "others"].filter { who[$0] == true }.joined(separator: " and ")
      return UsageError(
        description:
          "refusing the config file \(shown): \(writers) can write to it (mode"
          + " \(String(mode & 0o777, radix: 8))); run chmod go-w \(shown), or start with"
          + " --no-config.")
    }
    return nil
  }
}
