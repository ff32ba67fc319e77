import ApexyHTTP
import Foundation

/// Keeps one loader's content in a `LoaderCacheStore` under one key, so it outlives the process.
///
/// Assign it to `WebLoader.cache`: the loader restores the stored content at once, then saves
/// every confirmed success (a `304` included) in the background. Writes are coalesced: while
/// one is under way only the latest waiting one is kept. A store failure never fails a load; it
/// is reported as `WebLoader.cacheProblem`.
public final class LoaderCache<Content>: @unchecked Sendable {
  /// Where the entry is stored.
  public let store: LoaderCacheStore
  /// The entry's key.
  public let key: LoaderCacheKey
  /// How the content is turned into bytes and back.
  public let codec: LoaderCacheCodec<Content>

  private struct Write {
    let content: UncheckedSendableBox<Content>
    let validators: [String: ResponseValidators]
    let lastConfirmed: Date
    let report: UncheckedSendableBox<@MainActor (String?) -> Void>
  }

  private let queue = DispatchQueue(label: "ApexyLoader.LoaderCache.write")
  private let lock = NSLock()
  private var pending: Write?

  init(
    uncheckedStore store: LoaderCacheStore, key: LoaderCacheKey, codec: LoaderCacheCodec<Content>
  ) {
    self.store = store
    self.key = key
    self.codec = codec
  }

  /// The stored content and its entry, `nil` when nothing is stored; throws, with a one-line
  /// description, when the entry cannot be used.
  func restore() throws -> (content: Content, entry: LoaderCacheEntry)? {
    guard let entry = try store.read(key) else { return nil }
    guard entry.contentVersion == codec.version else {
      throw LoaderCacheStoreError.foreignVersion(
        key: key, found: entry.contentVersion, expected: codec.version)
    }
    do {
      return (try codec.decode(entry.content), entry)
    } catch {
      throw LoaderCacheStoreError.corrupt(key: key, reason: "content does not decode: \(error)")
    }
  }

  /// Encodes and stores `content` in the background, then calls `report` on the main actor with
  /// `nil` or the problem in one line.
  func save(
    _ content: Content, validators: [String: ResponseValidators], lastConfirmed: Date,
    report: @escaping @MainActor (String?) -> Void
  ) {
    let write = Write(
      content: UncheckedSendableBox(content), validators: validators,
      lastConfirmed: lastConfirmed, report: UncheckedSendableBox(report))
    let wasIdle = lock.withLock {
      defer { pending = write }
      return pending == nil
    }
    if wasIdle { queue.async { self.drain() } }
  }

  /// Waits until every save made so far is on disk and reported.
  public func flush() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async { DispatchQueue.main.async { done.resume() } }
    }
  }

  /// Blocks until every save made so far is on disk (for the end of a process; the reports
  /// still come later, on the main actor).
  public func waitUntilWritten() {
    queue.sync {}
  }

  private func drain() {
    while let write = lock.withLock({ () -> Write? in
      defer { pending = nil }
      return pending
    }) {
      var problem: String?
      do {
        let entry = LoaderCacheEntry(
          content: try codec.encode(write.content.value), contentVersion: codec.version,
          validators: write.validators, lastConfirmed: write.lastConfirmed)
        try store.write(entry, for: key)
      } catch {
        problem = Self.line(error)
      }
      let report = write.report
      DispatchQueue.main.async { MainActor.assumeIsolated { report.value(problem) } }
    }
  }

  /// `error` as one line.
  static func line(_ error: Error) -> String {
    let text = (error as? LoaderCacheStoreError)?.description ?? "cache: \(error)"
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}

extension LoaderCache where Content: Sendable {
  /// A cache of the entry `key` in `store`, encoded with `codec`.
  public convenience init(
    store: LoaderCacheStore, key: LoaderCacheKey, codec: LoaderCacheCodec<Content>
  ) {
    self.init(uncheckedStore: store, key: key, codec: codec)
  }
}

extension LoaderCache where Content: Sendable & Codable {
  /// A cache of the entry `key` in `store`, encoded as JSON.
  public convenience init(store: LoaderCacheStore, key: LoaderCacheKey) {
    self.init(uncheckedStore: store, key: key, codec: .json)
  }
}
