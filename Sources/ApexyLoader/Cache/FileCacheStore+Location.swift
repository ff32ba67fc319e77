import Foundation

extension FileCacheStore {
  /// The per-user cache directory of the application `name`, as the XDG Base Directory
  /// specification places it: `$XDG_CACHE_HOME/name`, or `$HOME/.cache/name` when
  /// `XDG_CACHE_HOME` is unset, empty or relative (the specification says to ignore a relative
  /// one); `nil` without a usable `HOME` either.
  public static func userCacheDirectory(
    named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(name)
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".cache").appendingPathComponent(name)
  }
}
