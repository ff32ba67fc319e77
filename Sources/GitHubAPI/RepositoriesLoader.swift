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

  /// Creates the loader for `org`, following at most `pageCap` pages.
  public init(apiClient: Client, org: String, pageCap: Int = 100) {
    self.org = org
    self.pageCap = pageCap
    super.init(apiClient: apiClient)
  }

  private let decodeQueue = DispatchQueue(label: "loader-tui.repositories.decode")

  /// Starts loading unless a load is in flight.
  public func load() {
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
