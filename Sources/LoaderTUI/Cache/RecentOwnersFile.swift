import ApexyLoader
import AppModel
import Foundation
import GitHubAPI

/// The owners opened recently, kept in the cache directory as one entry of the cache store:
/// written as every entry is (a temporary file flushed and renamed over the old one), so a
/// crash leaves the old list or the new one, never a mix.
final class RecentOwnersFile: Sendable {
  private let store: LoaderCacheStore
  private let key: LoaderCacheKey
  private let queue = DispatchQueue(label: "loader-tui.recent-owners")

  /// The list under `keys.recentOwners` in `store`.
  init(store: LoaderCacheStore, keys: GitHubCacheKeys) {
    self.store = store
    key = keys.recentOwners
  }

  /// The owners stored, most recent first: only logins GitHub would take, at most
  /// `OwnerHistory.limit`; none when the entry is missing or unreadable.
  func read() -> [String] {
    guard let entry = try? store.read(key),
      let text = String(data: entry.content, encoding: .utf8)
    else { return [] }
    let logins = text.split(separator: "\n").map(String.init).filter {
      GitHubLogin.problem($0) == nil
    }
    return Array(logins.prefix(OwnerHistory.limit))
  }

  /// Stores `owners` (most recent first) off the caller's thread; a failure leaves the list
  /// stored before.
  func save(_ owners: [String]) {
    let entry = LoaderCacheEntry(
      content: Data(owners.prefix(OwnerHistory.limit).joined(separator: "\n").utf8),
      lastConfirmed: Date())
    queue.async { [store, key] in try? store.write(entry, for: key) }
  }

  /// Waits for the last save, for the end of the process.
  func waitUntilWritten() {
    queue.sync {}
  }
}
