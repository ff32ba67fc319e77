import ApexyHTTP
import ApexyLoader
import Foundation

/// The pages of one load, decoded in order on a background queue while the next ones arrive.
public final class DecodedPages: @unchecked Sendable {
  private let lock = NSLock()
  private var repositories: [Repository] = []
  private var error: Error?
  private var counts = PageCounts()
  private let sanitizer: TextSanitizer

  /// Pages whose text will be cleaned with `sanitizer`.
  public init(sanitizer: TextSanitizer) {
    self.sanitizer = sanitizer
  }

  /// The first decoding error so far, if any.
  public var firstError: Error? { lock.withLock { error } }

  /// How many pages were decoded and how many reused so far.
  public var pageCounts: PageCounts { lock.withLock { counts } }

  /// Decodes `page` after the pages before it, then hands its repositories to `decoded`
  /// (on the decoding queue) unless decoding failed.
  public func decode(
    _ page: RepositoriesPage, on queue: DispatchQueue,
    then decoded: @escaping @Sendable ([Repository]) -> Void = { _ in }
  ) {
    queue.async { [self] in
      guard firstError == nil else { return }
      do {
        let items = try page.repositories(sanitizer: sanitizer)
        lock.withLock {
          repositories += items
          counts.decoded += 1
        }
        decoded(items)
      } catch {
        lock.withLock { self.error = error }
      }
    }
  }

  /// Adds the repositories of a page decoded in an earlier load, after the pages before it.
  public func reuse(_ items: [Repository], on queue: DispatchQueue) {
    queue.async { [self] in
      lock.withLock {
        repositories += items
        counts.reused += 1
      }
    }
  }

  /// Hands every repository, in order, or the first error, to `done` on the main actor.
  public func collect(
    on queue: DispatchQueue, _ done: @escaping @MainActor (Result<[Repository], Error>) -> Void
  ) {
    queue.async { [self] in
      let result: Result<[Repository], Error> = lock.withLock {
        error.map { .failure($0) } ?? .success(repositories)
      }
      DispatchQueue.main.async { MainActor.assumeIsolated { done(result) } }
    }
  }
}
