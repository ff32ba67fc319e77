import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FileCacheStore {
  /// One entry file as found on disk, for `cache info`-style listings.
  public struct StoredFile: Sendable, Equatable {
    /// The file's path.
    public var path: String
    /// Its size in bytes.
    public var bytes: Int
    /// When it was last written.
    public var modified: Date
    /// The key and when the content was last confirmed; `nil` with `problem` when unreadable.
    public var key: LoaderCacheKey?
    /// When the server last sent or confirmed the content.
    public var lastConfirmed: Date?
    /// Why the entry cannot be used, in one line; `nil` when it can.
    public var problem: String?
  }

  /// Every entry file, oldest first, each read and checked; for listings, not for loading.
  ///
  /// - Returns: One ``StoredFile`` per entry file; an unreadable one has a `problem`.
  public func contents() -> [StoredFile] {
    files().map { file in
      var stored = StoredFile(
        path: file.path, bytes: file.bytes, modified: file.modified, key: nil,
        lastConfirmed: nil, problem: nil)
      do {
        guard let data = try PosixFile.readAll(file.path) else { return stored }
        let header = try CacheEntryFormat.decodeAnyKey(data)
        stored.key = header.key
        stored.lastConfirmed = header.entry.lastConfirmed
      } catch {
        // The file's path names the entry; its key could not be read.
        stored.problem = (error as? LoaderCacheStoreError)?.problemWithoutKey ?? "\(error)"
      }
      return stored
    }
  }

  /// Keeps the store within `limits`: the oldest entries of the namespace of `kept` beyond
  /// `maxEntriesPerNamespace`, then the oldest of all beyond `maxTotalBytes`, never `kept`
  /// itself; and removes temporary files left by processes that have gone.
  func evict(keeping kept: String) {
    removeAbandonedTemporaryFiles()
    var entries = files()
    let namespace = String(kept.prefix(while: { $0 != "-" }))
    var inNamespace = entries.filter { $0.name.hasPrefix(namespace + "-") }
    while inNamespace.count > limits.maxEntriesPerNamespace,
      let victim = inNamespace.first(where: { $0.name != kept })
    {
      unlink(victim.path)
      inNamespace.removeAll { $0.name == victim.name }
      entries.removeAll { $0.name == victim.name }
    }
    var total = entries.reduce(0) { $0 + $1.bytes }
    while total > limits.maxTotalBytes, let victim = entries.first(where: { $0.name != kept }) {
      unlink(victim.path)
      total -= victim.bytes
      entries.removeAll { $0.name == victim.name }
    }
  }

  /// The entry files with size and time, oldest first.
  private func files() -> [(name: String, path: String, bytes: Int, modified: Date)] {
    PosixFile.names(in: directory.path).filter { $0.hasSuffix(Self.entrySuffix) }.compactMap {
      name in
      let path = directory.appendingPathComponent(name).path
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      #if canImport(Darwin)
        let time = info.st_mtimespec
      #else
        let time = info.st_mtim
      #endif
      let modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
      return (name, path, Int(info.st_size), modified)
    }.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
  }

  /// Removes `.tmp-<pid>-…` files whose process is no longer running (killed mid-write).
  private func removeAbandonedTemporaryFiles() {
    for name in PosixFile.names(in: directory.path) where name.hasPrefix(Self.temporaryPrefix) {
      let pid = name.dropFirst(Self.temporaryPrefix.count).prefix(while: { $0 != "-" })
      guard let pid = pid_t(pid), pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH {
        unlink(directory.appendingPathComponent(name).path)
      }
    }
  }
}
