import Foundation

/// Where a loader's content outlives the process: entries of encoded content with their
/// validators and the time they were last confirmed, read and written whole by key.
///
/// Implementations must be safe to call from any thread and must never leave a half-written
/// entry behind: a reader sees the previous entry or the new one, whole. `FileCacheStore` is the
/// disk implementation.
public protocol LoaderCacheStore: Sendable {
  /// The entry stored under `key`, `nil` when there is none; throws `LoaderCacheStoreError`
  /// when one is there but cannot be used (corrupt, truncated, another version, unreadable).
  ///
  /// - Parameter key: The entry's key.
  /// - Returns: The entry, or `nil` when there is none.
  /// - Throws: ``LoaderCacheStoreError`` when an entry is there but cannot be used.
  func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry?

  /// Stores `entry` under `key`, replacing what was there (usable or not).
  ///
  /// - Parameters:
  ///   - entry: The entry to store.
  ///   - key: Its key.
  /// - Throws: ``LoaderCacheStoreError`` (or any error) when it cannot be stored; the entry
  ///   stored before stays whole.
  func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws

  /// Removes the entry under `key`; removing a missing entry is not an error.
  ///
  /// - Parameter key: The entry's key.
  /// - Throws: ``LoaderCacheStoreError`` (or any error) when it cannot be removed.
  func remove(_ key: LoaderCacheKey) throws
}

/// The key of one cache entry: a namespace (an API origin, say), bounded on its own, and a name
/// within it.
public struct LoaderCacheKey: Hashable, Sendable, CustomStringConvertible {
  /// The group the entry belongs to; the store bounds the entries of each namespace.
  public var namespace: String
  /// The entry's name within its namespace.
  public var name: String

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - namespace: The group the entry belongs to (an API origin, say).
  ///   - name: The entry's name within it.
  public init(namespace: String, name: String) {
    self.namespace = namespace
    self.name = name
  }

  /// `namespace name`, for messages.
  public var description: String { "\(namespace) \(name)" }
}

/// One stored entry: the content as bytes, the validators to revalidate it, and when the server
/// last sent or confirmed it.
public struct LoaderCacheEntry: Sendable, Equatable {
  /// The encoded content.
  public var content: Data
  /// The version of the content's encoding; an entry of another version is not decoded.
  public var contentVersion: Int
  /// The validators (`ETag`, `Last-Modified`) by request URL, as `RevalidationCache` keys them.
  public var validators: [String: ResponseValidators]
  /// When the server last sent or confirmed the content.
  public var lastConfirmed: Date
  /// For the partial content of a paginated load that stopped part-way: how far it got;
  /// `nil` for complete content.
  public var progress: PageProgress?
  /// For partial content: where a new load goes on; `nil` for complete content.
  public var resume: PageResume?

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - content: The encoded content.
  ///   - contentVersion: The version of its encoding; 1 by default.
  ///   - validators: The validators by request URL.
  ///   - lastConfirmed: When the server last sent or confirmed the content.
  ///   - progress: For partial content, how far its load got.
  ///   - resume: For partial content, where a new load goes on.
  public init(
    content: Data, contentVersion: Int = 1, validators: [String: ResponseValidators] = [:],
    lastConfirmed: Date, progress: PageProgress? = nil, resume: PageResume? = nil
  ) {
    self.content = content
    self.contentVersion = contentVersion
    self.validators = validators
    self.lastConfirmed = lastConfirmed
    self.progress = progress
    self.resume = resume
  }
}
