import ApexyLoader
import Foundation

extension GitHubLoaders {
  /// Gives both loaders a cache in `store` under `keys` (see `GitHubCacheKeys.attach`).
  ///
  /// - Parameters:
  ///   - store: Where the entries are kept.
  ///   - keys: The entries' keys for this API and organization.
  public func attachCache(store: LoaderCacheStore, keys: GitHubCacheKeys) {
    keys.attach(
      organization: organization, repositories: repositories, org: configuration.org,
      baseURL: configuration.baseURL, store: store)
  }

  /// Blocks until the loaders' pending cache writes are on disk, at most `timeout` seconds.
  /// For the end of the process.
  ///
  /// - Parameter timeout: The longest wait, in seconds.
  /// - Returns: Whether they all finished.
  @discardableResult
  public func waitForCacheWrites(timeout: TimeInterval) -> Bool {
    let caches = (organization.cache, repositories.cache)
    guard caches.0 != nil || caches.1 != nil else { return true }
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      caches.0?.waitUntilWritten()
      caches.1?.waitUntilWritten()
      group.leave()
    }
    return group.wait(timeout: .now() + timeout) == .success
  }
}
