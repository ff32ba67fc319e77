import Foundation
import Locking

/// The pages of one load, decoded in order on a background queue while the next ones arrive.
public final class DecodedPages: Sendable {
  /// What the pages decoded so far hold.
  private struct Decoded {
    var repositories: [Repository] = []
    var error: Error?
    var counts = PageCounts()
  }

  private let decoded = Locked(Decoded())
  private let sanitizer: TextSanitizer

  /// Pages whose text will be cleaned with `sanitizer`.
  public init(sanitizer: TextSanitizer) {
    self.sanitizer = sanitizer
  }

  /// The first decoding error so far, if any.
  public var firstError: Error? { decoded.withLock { $0.error } }

  /// How many pages were decoded and how many reused so far.
  public var pageCounts: PageCounts { decoded.withLock { $0.counts } }

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
        self.decoded.withLock {
          $0.repositories += items
          $0.counts.decoded += 1
        }
        decoded(items)
      } catch {
        self.decoded.withLock { $0.error = error }
      }
    }
  }

  /// Adds the repositories of a page decoded in an earlier load, after the pages before it.
  public func reuse(_ items: [Repository], on queue: DispatchQueue) {
    queue.async { [self] in
      decoded.withLock {
        $0.repositories += items
        $0.counts.reused += 1
      }
    }
  }

  /// Hands every repository, in order, or the first error, to `done` on the main actor.
  public func collect(
    on queue: DispatchQueue, _ done: @escaping @MainActor (Result<[Repository], Error>) -> Void
  ) {
    queue.async { [self] in
      let result: Result<[Repository], Error> = decoded.withLock {
        $0.error.map { .failure($0) } ?? .success($0.repositories)
      }
      DispatchQueue.main.async { done(result) }
    }
  }
}
