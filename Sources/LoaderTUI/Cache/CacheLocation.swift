import ApexyLoader
import AppCommandLine
import AppRuntime
import Foundation
import GitHubAPI

/// Where the app's cache is and which keys a run uses.
enum CacheLocation {
  /// The application's directory name under the user's cache directory.
  static let name = "loader-tui"
  /// The version of the built-in server's data; raise it when its fixtures or generated
  /// repositories change, so no run shows the old ones as cached.
  static let builtInSeed = "1"

  /// `--cache-dir` when given, else `$XDG_CACHE_HOME/loader-tui` (`~/.cache/loader-tui`);
  /// `nil` when neither the variable nor `HOME` is usable.
  static func directory(option: String?, environment: [String: String]) -> URL? {
    if let option {
      return URL(fileURLWithPath: option, isDirectory: true).standardizedFileURL
    }
    return FileCacheStore.userCacheDirectory(named: name, environment: environment)
  }

  /// Why no cache can be kept at `directory`: it, or the nearest of its parents that exists,
  /// is not a directory ("it is a file, not a directory", "/tmp/x is a file, not a
  /// directory"). `nil` when it can be made or used; a directory that cannot be read or
  /// written is reported when the cache meets it.
  static func problem(_ directory: URL) -> String? {
    let start = directory.standardizedFileURL.path
    var path = start
    while true {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        guard !isDirectory.boolValue else { return nil }
        return "\(path == start ? "it" : TextSanitizer.clean(path)) is a file, not a directory"
      }
      let parent = (path as NSString).deletingLastPathComponent
      if parent == path || parent.isEmpty { return nil }
      path = parent
    }
  }

  /// Throws when `--cache-dir` names a place no cache can be kept (a file, or under one): the
  /// flag's value is the mistake.
  static func check(_ options: Options) throws(UsageError) {
    guard !options.noCache, let option = options.cacheDirectory,
      let problem = directory(option: option, environment: [:]).flatMap(problem)
    else { return }
    throw UsageError(
      description: "--cache-dir \(TextSanitizer.clean(option)) cannot hold the cache: \(problem); "
        + "give a directory (it is made when missing), or --no-cache.")
  }

  /// The keys of a run: the API's root, or the built-in server's `--repos` and data seed.
  static func keys(_ options: Options, baseURL: URL) -> GitHubCacheKeys {
    options.source == .demo
      ? .builtIn(repositoryCount: options.repositoryCount, seed: builtInSeed) : .api(baseURL)
  }

  /// Attaches the cache to `loaders` unless `--no-cache` or there is no cache directory;
  /// returns the recent owners kept beside it then.
  @MainActor
  static func attach(
    to loaders: GitHubLoaders, options: Options, environment: [String: String]
  ) -> RecentOwnersFile? {
    guard !options.noCache,
      let directory = directory(option: options.cacheDirectory, environment: environment)
    else { return nil }
    // The default place under a file (`--cache-dir` is checked before): said once, and the
    // run goes on without a cache instead of failing at every entry.
    if let problem = problem(directory) {
      StandardOutput.error(
        "loader-tui: no cache this run: \(TextSanitizer.clean(directory.path)) cannot hold it, "
          + "\(problem); move that away, or give --cache-dir DIR.")
      return nil
    }
    let store = FileCacheStore(directory: directory)
    let keys = keys(options, baseURL: loaders.configuration.baseURL)
    loaders.attachCache(store: store, keys: keys)
    return RecentOwnersFile(store: store, keys: keys)
  }
}
