import ApexyLoader
import Foundation

extension GitHubLoaders {
  /// Saves the repositories read so far of each list still loading, then blocks until the
  /// loaders' pending cache writes are on disk, at most `timeout` seconds. For the end of the
  /// process.
  ///
  /// - Parameter timeout: The longest wait, in seconds.
  /// - Returns: Whether they all finished.
  @discardableResult
  public func waitForCacheWrites(timeout: TimeInterval) -> Bool {
    // A list still loading keeps the pages read so far: the next start goes on from them.
    for owner in owners.keys.compactMap(owners.existingLoader(for:)) {
      owner.repositories.savePartialContent()
    }
    let writes = cacheWrites
    guard !writes.isEmpty else { return true }
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      for wait in writes { wait() }
      group.leave()
    }
    return group.wait(timeout: .now() + timeout) == .success
  }
}
