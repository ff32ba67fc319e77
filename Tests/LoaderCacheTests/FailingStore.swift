import ApexyLoader
import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loader-cache-\(UUID().uuidString)")
  }

  /// `name` inside the directory.
  func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A store that fails every call with `error`, counting the writes it was asked for.
final class FailingStore: LoaderCacheStore, @unchecked Sendable {
  let error: Error
  private let lock = NSLock()
  private var writeCount = 0

  init(_ error: Error) { self.error = error }

  var writes: Int { lock.withLock { writeCount } }

  func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? { throw error }

  func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    lock.withLock { writeCount += 1 }
    throw error
  }

  func remove(_ key: LoaderCacheKey) throws { throw error }
}
