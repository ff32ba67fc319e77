import Foundation
import Locking

/// The pages of one load, decoded in order on a background queue while the next ones arrive.
/// A repository listed again on a later page (the list shifted between two requests) is kept
/// once, where it came first.
final class DecodedPages: Sendable {
  /// What the pages decoded so far hold.
  private struct Decoded {
    var repositories: [Repository] = []
    var identities: Set<String> = []
    var error: Error?
    var counts = PageCounts()
    /// Each page's page-cache key and how many repositories it added, in order.
    var layout: [(key: String?, count: Int)] = []

    /// Adds the repositories of a page not listed yet, and the page to the layout.
    mutating func add<S: Sequence>(_ items: S, key: String?) where S.Element == Repository {
      let before = repositories.count
      for item in items where identities.insert(item.identity).inserted {
        repositories.append(item)
      }
      layout.append((key, repositories.count - before))
    }
  }

  private let decoded = Locked(Decoded())
  private let sanitizer: TextSanitizer

  /// Pages whose text will be cleaned with `sanitizer`.
  init(sanitizer: TextSanitizer) {
    self.sanitizer = sanitizer
  }

  /// The first decoding error so far, if any.
  var firstError: Error? { decoded.withLock { $0.error } }

  /// How many pages were decoded and how many reused so far.
  var pageCounts: PageCounts { decoded.withLock { $0.counts } }

  /// How many repositories the pages decoded or reused so far hold.
  var count: Int { decoded.withLock { $0.repositories.count } }

  /// The repositories of the pages decoded or reused so far, in order.
  var collected: [Repository] { decoded.withLock { $0.repositories } }

  /// The first page (1-based) decoded or reused so far that held no repositories, if any.
  var firstEmptyPage: Int? {
    decoded.withLock { $0.layout.firstIndex { $0.count == 0 }.map { $0 + 1 } }
  }

  /// Each page's page-cache key and where its repositories are in the collected list.
  var pageRanges: [(key: String?, range: Range<Int>)] {
    decoded.withLock {
      var start = 0
      return $0.layout.map { page in
        defer { start += page.count }
        return (page.key, start..<start + page.count)
      }
    }
  }

  /// Decodes `page` after the pages before it, then hands its repositories to `decoded`
  /// (on the decoding queue) unless decoding failed.
  func decode(
    _ page: RepositoriesPage, key: String? = nil, on queue: DispatchQueue,
    then decoded: @escaping @Sendable ([Repository]) -> Void = { _ in }
  ) {
    queue.async { [self] in
      guard firstError == nil else { return }
      do {
        let items = try page.repositories(sanitizer: sanitizer)
        self.decoded.withLock {
          $0.add(items, key: key)
          $0.counts.decoded += 1
        }
        decoded(items)
      } catch {
        self.decoded.withLock { $0.error = error }
      }
    }
  }

  /// Adds the repositories of a page decoded in an earlier load, after the pages before it.
  func reuse(_ items: ArraySlice<Repository>, key: String? = nil, on queue: DispatchQueue) {
    queue.async { [self] in
      decoded.withLock {
        $0.add(items, key: key)
        $0.counts.reused += 1
      }
    }
  }

  /// Adds the repositories of pages a stopped load read, which a resumed load goes on from:
  /// counted neither as decoded nor as reused.
  func carry(_ items: ArraySlice<Repository>, key: String? = nil) {
    decoded.withLock { $0.add(items, key: key) }
  }

  /// Makes room for `count` repositories at once, once the number of pages is known: the list
  /// then grows in place into one buffer of the size it ends at.
  func reserve(_ count: Int) {
    decoded.withLock { $0.repositories.reserveCapacity(count) }
  }

  /// Hands every repository, in order, or the first error, to `done` on the main actor.
  func collect(
    on queue: DispatchQueue, _ done: @escaping @MainActor (Result<[Repository], Error>) -> Void
  ) {
    queue.async { [self] in
      let result: Result<[Repository], Error> = decoded.withLock {
        $0.error.map { .failure($0) } ?? .success($0.repositories)
      }
      DispatchQueue.main.async { done(result) }
    }
  }

  /// Hands a copy of the repositories decoded so far to `done` on the main actor, once the
  /// pages queued before are decoded. A copy of their size: the list itself stays unshared and
  /// grows in place (``reserve(_:)``), where a list shared with the report it was handed to
  /// would be copied whole into a new buffer, as large as its capacity, by the next page.
  func snapshot(
    on queue: DispatchQueue, _ done: @escaping @MainActor ([Repository]) -> Void
  ) {
    queue.async { [self] in
      let repositories = decoded.withLock { Array($0.repositories[...]) }
      DispatchQueue.main.async { done(repositories) }
    }
  }
}

extension Repository {
  /// What tells this repository from the others of its owner's list: its name as the server
  /// sent it (GitHub keeps an owner's repository names unique).
  var identity: String { rawName }
}
