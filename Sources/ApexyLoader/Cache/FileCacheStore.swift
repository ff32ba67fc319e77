import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A `LoaderCacheStore` of one file per entry in a directory (mode 0700, files 0600).
///
/// A write goes to a new temporary file, is flushed to disk (`fsync`), and is renamed over the
/// entry, then the directory is flushed: a reader, or a process started after a crash or a
/// `kill -9`, finds the old entry or the new one, whole. Every file ends with a checksum, so a
/// file cut short or changed on disk reads as `.corrupt`, never as content. Any number of
/// processes may read and write the same directory; the last rename wins.
///
/// After each write the store keeps within `limits`, removing the entries written longest ago
/// first, and removes temporary files whose writing process has gone.
public final class FileCacheStore: LoaderCacheStore {
  /// How much the store holds before it evicts its oldest entries.
  public struct Limits: Sendable, Equatable {
    /// The most entries of one namespace.
    public var maxEntriesPerNamespace: Int
    /// The most bytes of all entries together.
    public var maxTotalBytes: Int

    /// Creates limits; by default 32 entries a namespace and 64 MiB in all.
    ///
    /// - Parameters:
    ///   - maxEntriesPerNamespace: The most entries of one namespace.
    ///   - maxTotalBytes: The most bytes of all entries together.
    public init(maxEntriesPerNamespace: Int = 32, maxTotalBytes: Int = 64 << 20) {
      self.maxEntriesPerNamespace = maxEntriesPerNamespace
      self.maxTotalBytes = maxTotalBytes
    }
  }

  /// The directory the entries live in; created, with its missing parents, on the first write.
  public let directory: URL
  /// The bounds kept after every write.
  public let limits: Limits

  static let entrySuffix = ".entry"
  static let temporaryPrefix = ".tmp-"

  /// A store in `directory`; nothing is touched on disk until the first write.
  ///
  /// - Parameters:
  ///   - directory: Where the entries live (``userCacheDirectory(named:environment:)``
  ///     gives the user's).
  ///   - limits: The bounds kept after every write.
  public init(directory: URL, limits: Limits = Limits()) {
    self.directory = directory.standardizedFileURL
    self.limits = limits
  }

  /// The entry under `key`, checked whole; `nil` when there is none.
  ///
  /// - Parameter key: The entry's key.
  /// - Returns: The entry, or `nil` when there is none.
  /// - Throws: ``LoaderCacheStoreError`` when the file is there but unusable: `.corrupt`,
  ///   `.foreignVersion` or `.io`.
  public func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? {
    guard let data = try PosixFile.readAll(path(of: key)) else { return nil }
    return try CacheEntryFormat.decode(data, key: key)
  }

  /// Writes `entry` to a temporary file, flushes it, renames it over the entry under `key`,
  /// then evicts the oldest entries beyond `limits`.
  ///
  /// - Parameters:
  ///   - entry: The entry to store.
  ///   - key: Its key.
  /// - Throws: ``LoaderCacheStoreError/entryTooLarge(key:bytes:limit:)`` for an entry over
  ///   `limits.maxTotalBytes`, `.io` when a file operation fails.
  public func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    let data = try CacheEntryFormat.encode(entry, key: key)
    guard data.count <= limits.maxTotalBytes else {
      throw LoaderCacheStoreError.entryTooLarge(
        key: key, bytes: data.count, limit: limits.maxTotalBytes)
    }
    try PosixFile.makeDirectory(directory.path)
    let temporary = directory.appendingPathComponent(
      "\(Self.temporaryPrefix)\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 16))"
    ).path
    try PosixFile.create(temporary, with: data)
    let target = path(of: key)
    if rename(temporary, target) != 0 {
      // Something that is not an entry file (a directory, say) sits where the entry goes.
      let code = errno
      try? FileManager.default.removeItem(atPath: target)
      if rename(temporary, target) != 0 {
        unlink(temporary)
        throw LoaderCacheStoreError.posix("replace", target, errno: code)
      }
    }
    PosixFile.syncDirectory(directory.path)
    evict(keeping: fileName(of: key))
  }

  /// Removes the entry under `key`.
  ///
  /// - Parameter key: The entry's key; removing a missing entry is not an error.
  /// - Throws: ``LoaderCacheStoreError/io(operation:path:reason:)`` when the file cannot be
  ///   removed.
  public func remove(_ key: LoaderCacheKey) throws {
    let target = path(of: key)
    if unlink(target) != 0, errno != ENOENT {
      throw LoaderCacheStoreError.posix("remove", target)
    }
    PosixFile.syncDirectory(directory.path)
  }

  /// Removes every entry and temporary file; the directory itself stays.
  ///
  /// - Throws: ``LoaderCacheStoreError/io(operation:path:reason:)`` when a file cannot be
  ///   removed.
  public func removeAll() throws {
    for name in PosixFile.names(in: directory.path) where Self.isOwned(name) {
      let target = directory.appendingPathComponent(name).path
      if unlink(target) != 0, errno != ENOENT {
        throw LoaderCacheStoreError.posix("remove", target)
      }
    }
    PosixFile.syncDirectory(directory.path)
  }

  /// The path of the entry file of `key`.
  ///
  /// - Parameter key: An entry's key.
  /// - Returns: The file's path in ``directory``, whether it exists or not.
  public func path(of key: LoaderCacheKey) -> String {
    directory.appendingPathComponent(fileName(of: key)).path
  }

  /// `<namespace hash>-<key hash>.entry`: the namespace is readable from the name alone, for
  /// eviction; the full key is inside the file and checked on reading.
  func fileName(of key: LoaderCacheKey) -> String {
    "\(Self.namespacePrefix(key.namespace))-\(Self.hex(Data("\(key.namespace)\n\(key.name)".utf8)))"
      + Self.entrySuffix
  }

  static func namespacePrefix(_ namespace: String) -> String { hex(Data(namespace.utf8)) }

  static func isOwned(_ name: String) -> Bool {
    name.hasSuffix(entrySuffix) || name.hasPrefix(temporaryPrefix)
  }

  private static func hex(_ data: Data) -> String {
    let digits = String(CacheEntryFormat.checksum(data), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension FileCacheStore {
  /// The per-user cache directory of the application `name`, as the XDG Base Directory
  /// specification places it: `$XDG_CACHE_HOME/name`, or `$HOME/.cache/name` when
  /// `XDG_CACHE_HOME` is unset, empty or relative (the specification says to ignore a relative
  /// one); `nil` without a usable `HOME` either.
  ///
  /// - Parameters:
  ///   - name: The application's directory name.
  ///   - environment: The variables to read; the process's by default.
  /// - Returns: The directory (not created), or `nil`.
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
