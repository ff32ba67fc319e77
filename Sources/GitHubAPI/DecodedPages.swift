import Foundation
import Locking

/// The pages of one load, decoded in order on a background queue while the next ones arrive.
/// A repository listed again on a later page (the list shifted between two requests) is kept
/// once, where it came first.
final class DecodedPages: Sendable {
  /// What the pages decoded so far hold.
  private struct Decoded {
    /// The repositories, a page of the list for each page read.
    var repositories = RepositoryList()
    var identities: Set<String> = []
    var error: Error?
    var counts = PageCounts()
    /// Each page's page-cache key, in order.
    var keys: [String?] = []

    /// Adds the repositories of a page not listed yet as a page of the list (the page itself,
    /// shared, when it lists none again), and returns that page.
    @discardableResult
    mutating func add(_ items: ArraySlice<Repository>, key: String?) -> ArraySlice<Repository> {
      var kept = items
      var index = items.startIndex
      while index < items.endIndex, identities.insert(items[index].identity).inserted {
        index += 1
      }
      if index < items.endIndex {
        // Listed before (at `index`): the page keeps its other repositories, in a copy.
        var unlisted = Array(items[..<index])
        for item in items[(index + 1)...] where identities.insert(item.identity).inserted {
          unlisted.append(item)
        }
        kept = unlisted[...]
      }
      repositories.appendPage(kept)
      keys.append(key)
      return kept
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
  var collected: RepositoryList { decoded.withLock { $0.repositories } }

  /// The first page (1-based) decoded or reused so far that held no repositories, if any.
  var firstEmptyPage: Int? {
    decoded.withLock { $0.repositories.pages.firstIndex { $0.isEmpty }.map { $0 + 1 } }
  }

  /// Each page's page-cache key, in the order of the collected list's pages.
  var pageKeys: [String?] { decoded.withLock { $0.keys } }

  /// Decodes `page` after the pages before it, then hands the repositories it added to the
  /// list (the list's page, shared) to `decoded` (on the decoding queue) unless decoding failed.
  func decode(
    _ page: RepositoriesPage, key: String? = nil, on queue: DispatchQueue,
    then decoded: @escaping @Sendable (ArraySlice<Repository>) -> Void = { _ in }
  ) {
    queue.async { [self] in
      guard firstError == nil else { return }
      do {
        let items = try page.repositories(sanitizer: sanitizer)
        let added = self.decoded.withLock {
          $0.counts.decoded += 1
          return $0.add(items[...], key: key)
        }
        decoded(added)
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
    decoded.withLock { _ = $0.add(items, key: key) }
  }

  /// Hands every repository, in order, or the first error, to `done` on the main actor.
  func collect(
    on queue: DispatchQueue, _ done: @escaping @MainActor (Result<RepositoryList, Error>) -> Void
  ) {
    queue.async { [self] in
      let result: Result<RepositoryList, Error> = decoded.withLock {
        $0.error.map { .failure($0) } ?? .success($0.repositories)
      }
      DispatchQueue.main.async { done(result) }
    }
  }

  /// Hands the repositories decoded so far to `done` on the main actor, once the pages queued
  /// before are decoded: the list's pages, shared (a page read later is added to the list kept
  /// here, not to the one handed out).
  func snapshot(
    on queue: DispatchQueue, _ done: @escaping @MainActor (RepositoryList) -> Void
  ) {
    queue.async { [self] in
      let repositories = decoded.withLock { $0.repositories }
      DispatchQueue.main.async { done(repositories) }
    }
  }
}

extension Repository {
  /// What tells this repository from the others of its owner's list: its name as the server
  /// sent it (GitHub keeps an owner's repository names unique).
  var identity: String { rawName }
}
