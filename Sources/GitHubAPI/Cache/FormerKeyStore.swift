import ApexyLoader

/// A store whose entry moved to a new key: read under the former key while the new one has
/// none, written under the new key only, the former entry removed once the new one is written.
/// A cache written by 0.2.0 (`org <login>`) is read so, and migrates at the first save.
struct FormerKeyStore: LoaderCacheStore {
  /// The store the entries are in.
  let base: LoaderCacheStore
  /// The key the entry has now.
  let key: LoaderCacheKey
  /// The key an earlier version stored it under.
  let formerKey: LoaderCacheKey

  func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? {
    if let entry = try base.read(key) { return entry }
    guard key == self.key else { return nil }
    return try base.read(formerKey)
  }

  func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    try base.write(entry, for: key)
    if key == self.key { try? base.remove(formerKey) }
  }

  func remove(_ key: LoaderCacheKey) throws {
    try base.remove(key)
    if key == self.key { try base.remove(formerKey) }
  }
}
