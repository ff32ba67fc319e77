import ApexyHTTP
import ApexyLoader
import Foundation

/// Loads every repository of the organization, following `Link: rel="next"` to the last page.
@MainActor
public final class RepositoriesLoader: WebLoader<[Repository]>, ContentLoading {
  /// The organization login.
  public let org: String
  /// The most pages followed before pagination stops with an error.
  public let pageCap: Int
  /// Cleans the text of what it loads.
  public let sanitizer: TextSanitizer

  /// Creates the loader for `org`, following at most `pageCap` pages; `sanitizer` cleans the
  /// text of what it loads.
  public init(apiClient: Client, org: String, pageCap: Int = 100, sanitizer: TextSanitizer) {
    self.org = org
    self.pageCap = pageCap
    self.sanitizer = sanitizer
    super.init(apiClient: apiClient)
  }

  private let decodeQueue = DispatchQueue(label: "loader-tui.repositories.decode")

  /// Starts loading unless a load is in flight.
  public func load() {
    guard startLoading() else { return }
    fetch(
      RepositoriesPageEndpoint.firstPage(org: org, sanitizer: sanitizer),
      pages: DecodedPages(sanitizer: sanitizer), visited: [])
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
          if let stop = self.stop(next: next, visited: visited) {
            self.finishLoading(.failure(GitHubError.paginationStopped(stop)))
          } else {
            self.fetch(
              RepositoriesPageEndpoint(org: self.org, url: next, sanitizer: self.sanitizer),
              pages: pages, visited: visited)
          }
          return
        }
        pages.collect(on: self.decodeQueue) { [weak self] result in
          self?.finishLoading(result)
        }
      }
    }
  }

  /// Why pagination must stop before fetching `next`, if it must.
  private func stop(next: URL, visited: Set<String>) -> PaginationStop? {
    if visited.contains(next.absoluteString) { return .linkLoop(page: visited.count) }
    if visited.count >= pageCap { return .pageCap(pageCap) }
    return nil
  }
}
