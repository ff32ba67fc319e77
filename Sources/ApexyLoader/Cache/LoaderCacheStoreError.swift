import Foundation

/// Why a cache entry could not be read or written; every case describes itself in one line.
public enum LoaderCacheStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The entry's bytes are not a whole entry: cut short, changed, or not an entry at all.
  case corrupt(key: LoaderCacheKey, reason: String)
  /// The entry was written by another version of the store or of the content's encoding.
  case foreignVersion(key: LoaderCacheKey, found: Int, expected: Int)
  /// A file operation failed: `operation` on `path`, with the system's reason.
  case io(operation: String, path: String, reason: String)
  /// The entry is larger than the store may hold in total.
  case entryTooLarge(key: LoaderCacheKey, bytes: Int, limit: Int)

  /// One line saying what is wrong with the cache.
  public var description: String {
    switch self {
    case .corrupt(let key, let reason):
      return "cache entry \(key) is corrupt (\(reason)); it will be replaced"
    case .foreignVersion(let key, let found, let expected):
      return "cache entry \(key) is of version \(found), not \(expected); it will be replaced"
    case .io(let operation, let path, let reason):
      return "cannot \(operation) \(path): \(reason)"
    case .entryTooLarge(let key, let bytes, let limit):
      return "cache entry \(key) is \(bytes) bytes, over the cache's limit of \(limit); not stored"
    }
  }
}

extension LoaderCacheStoreError {
  /// What is wrong, for a listing that names the entry by its file: the description without
  /// the key, which an entry too damaged to read does not say.
  var problemWithoutKey: String {
    switch self {
    case .corrupt(_, let reason): "corrupt (\(reason)); it will be replaced"
    case .foreignVersion(_, let found, let expected):
      "of version \(found), not \(expected); it will be replaced"
    case .io, .entryTooLarge: description
    }
  }

  /// An `.io` error from the current `errno`.
  static func posix(_ operation: String, _ path: String, errno code: Int32 = errno) -> Self {
    .io(operation: operation, path: path, reason: String(cString: strerror(code)))
  }
}
