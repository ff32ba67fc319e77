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
    let store = FileCacheStore(directory: directory)
    let keys = keys(options, baseURL: loaders.configuration.baseURL)
    loaders.attachCache(store: store, keys: keys)
    return RecentOwnersFile(store: store, keys: keys)
  }
}
