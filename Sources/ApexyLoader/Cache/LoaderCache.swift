import ApexyHTTP
import Foundation
import Locking

/// Keeps one loader's content in a `LoaderCacheStore` under one key, so it outlives the process.
///
/// Assign it to `WebLoader.cache`: the loader restores the stored content at once, then saves
/// every confirmed success (a `304` included) in the background. Writes are coalesced: while
/// one is under way only the latest waiting one is kept. A store failure never fails a load; it
/// is reported as `WebLoader.cacheProblem`.
public final class LoaderCache<Content>: Sendable {
  /// Where the entry is stored.
  public let store: LoaderCacheStore
  /// The entry's key.
  public let key: LoaderCacheKey
  /// How the content is turned into bytes and back.
  public let codec: LoaderCacheCodec<Content>

  /// Where the writes are made, one at a time.
  private let queue: DispatchQueue
  /// Queues one write: made where `Content` is known to be `Sendable`, which every public
  /// initializer requires, since the content goes to `queue`.
  private let enqueue:
    @Sendable (
      Content, [String: ResponseValidators], Date, PartialMark?,
      @escaping @MainActor (String?) -> Void
    ) -> Void

  /// A cache of the entry `key` in `store`, encoded with `codec`.
  ///
  /// - Parameters:
  ///   - store: Where the entry is kept (``FileCacheStore`` on disk).
  ///   - key: The entry's key: one per loader.
  ///   - codec: How the content becomes bytes and back, and its version.
  public init(store: LoaderCacheStore, key: LoaderCacheKey, codec: LoaderCacheCodec<Content>)
  where Content: Sendable {
    let writer = CacheWriter(store: store, key: key, codec: codec)
    self.store = store
    self.key = key
    self.codec = codec
    self.queue = writer.queue
    self.enqueue = { content, validators, lastConfirmed, partial, report in
      writer.save(
        CacheWriter.Write(
          content: content, validators: validators, lastConfirmed: lastConfirmed,
          partial: partial, report: report))
    }
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
  /// `nil` or the problem in one line. With `partial`, the content is what a paginated load read
  /// before it stopped.
  func save(
    _ content: Content, validators: [String: ResponseValidators], lastConfirmed: Date,
    partial: PartialMark? = nil, report: @escaping @MainActor (String?) -> Void
  ) {
    enqueue(content, validators, lastConfirmed, partial, report)
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

  /// `error` as one line.
  static func line(_ error: Error) -> String {
    let text = (error as? LoaderCacheStoreError)?.description ?? "cache: \(error)"
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}

extension LoaderCache where Content: Sendable & Codable {
  /// A cache of the entry `key` in `store`, encoded as JSON.
  ///
  /// - Parameters:
  ///   - store: Where the entry is kept (``FileCacheStore`` on disk).
  ///   - key: The entry's key: one per loader.
  public convenience init(store: LoaderCacheStore, key: LoaderCacheKey) {
    self.init(store: store, key: key, codec: .json)
  }
}

/// The writes of one cache, made one at a time in the background: while one is under way only
/// the latest waiting one is kept.
private final class CacheWriter<Content: Sendable>: Sendable {
  /// One save: what to store, and who hears how it went.
  struct Write: Sendable {
    let content: Content
    let validators: [String: ResponseValidators]
    let lastConfirmed: Date
    let partial: PartialMark?
    let report: @MainActor (String?) -> Void
  }

  let queue = DispatchQueue(label: "ApexyLoader.LoaderCache.write")
  private let store: LoaderCacheStore
  private let key: LoaderCacheKey
  private let codec: LoaderCacheCodec<Content>
  private let pending = Locked<Write?>(nil)

  init(store: LoaderCacheStore, key: LoaderCacheKey, codec: LoaderCacheCodec<Content>) {
    self.store = store
    self.key = key
    self.codec = codec
  }

  /// Queues `write`, replacing one still waiting.
  func save(_ write: Write) {
    let wasIdle = pending.withLock { pending in
      defer { pending = write }
      return pending == nil
    }
    if wasIdle { queue.async { self.drain() } }
  }

  private func drain() {
    while let write = pending.withLock({ $0.take() }) {
      let problem: String?
      do {
        let entry = LoaderCacheEntry(
          content: try codec.encode(write.content), contentVersion: codec.version,
          validators: write.validators, lastConfirmed: write.lastConfirmed,
          progress: write.partial?.progress, resume: write.partial?.resume)
        try store.write(entry, for: key)
        problem = nil
      } catch {
        problem = LoaderCache<Content>.line(error)
      }
      let report = write.report
      DispatchQueue.main.async { report(problem) }
    }
  }
}

/// What marks stored content as the partial content of a paginated load: how far it got, and
/// where a new load goes on.
struct PartialMark: Sendable {
  let progress: PageProgress
  let resume: PageResume
}
