import ApexyHTTP
import ApexyLoader
import Foundation

/// Loads the organization: the first of the two loaders both panes share.
@MainActor
final class OrganizationLoader: WebLoader<Organization>, ContentLoading {
  /// The organization login.
  let org: String

  /// Creates the loader for `org`.
  init(apiClient: Client, org: String) {
    self.org = org
    super.init(apiClient: apiClient)
  }

  /// Starts loading unless a load is in flight.
  func load() {
    guard startLoading() else { return }
    request(OrganizationEndpoint(org: org))
  }
}

/// Loads every repository of the organization, following `Link: rel="next"` to the last page.
@MainActor
final class RepositoriesLoader: WebLoader<[Repository]>, ContentLoading {
  /// The organization login.
  let org: String
  /// The most pages followed before pagination stops with an error.
  let pageCap: Int

  /// Creates the loader for `org`, following at most `pageCap` pages.
  init(apiClient: Client, org: String, pageCap: Int = 100) {
    self.org = org
    self.pageCap = pageCap
    super.init(apiClient: apiClient)
  }

  private let decodeQueue = DispatchQueue(label: "loader-tui.repositories.decode")

  /// Starts loading unless a load is in flight.
  func load() {
    guard startLoading() else { return }
    fetch(RepositoriesPageEndpoint.firstPage(org: org), pages: DecodedPages(), visited: [])
  }

  /// Fetches one page, asks for the next one at once, and decodes this one meanwhile.
  private func fetch(
    _ endpoint: RepositoriesPageEndpoint, pages: DecodedPages, visited: Set<String>
  ) {
    var visited = visited
    visited.insert(endpoint.url.absoluteString)
    request(endpoint) { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let error):
        self.finishLoading(.failure(error))
      case .success(let page):
        pages.decode(page, on: self.decodeQueue)
        if let next = page.next, pages.firstError == nil {
          if let stop = self.stopReason(next: next, visited: visited) {
            self.finishLoading(.failure(GitHubError.paginationStopped(reason: stop)))
          } else {
            self.fetch(
              RepositoriesPageEndpoint(org: self.org, url: next), pages: pages, visited: visited)
          }
          return
        }
        pages.collect(on: self.decodeQueue) { [weak self] result in
          self?.finishLoading(result)
        }
      }
    }
  }

  private func stopReason(next: URL, visited: Set<String>) -> String? {
    if visited.contains(next.absoluteString) {
      return "page \(visited.count) links back to a page already fetched"
    }
    if visited.count >= pageCap {
      return "the cap of \(pageCap) pages was reached; raise it with --page-cap"
    }
    return nil
  }
}

/// The pages of one load, decoded in order on a background queue while the next ones arrive.
final class DecodedPages: @unchecked Sendable {
  private let lock = NSLock()
  private var repositories: [Repository] = []
  private var error: Error?

  /// The first decoding error so far, if any.
  var firstError: Error? { lock.withLock { error } }

  /// Decodes `page` after the pages before it.
  func decode(_ page: RepositoriesPage, on queue: DispatchQueue) {
    queue.async { [self] in
      guard firstError == nil else { return }
      do {
        let decoded = try page.repositories()
        lock.withLock { repositories += decoded }
      } catch {
        lock.withLock { self.error = error }
      }
    }
  }

  /// Hands every repository, in order, or the first error, to `done` on the main actor.
  func collect(
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
