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

  /// Starts loading unless a load is in flight.
  func load() {
    guard startLoading() else { return }
    fetch(RepositoriesPageEndpoint.firstPage(org: org), collected: [], visited: [])
  }

  private func fetch(
    _ endpoint: RepositoriesPageEndpoint, collected: [Repository], visited: Set<String>
  ) {
    var visited = visited
    visited.insert(endpoint.url.absoluteString)
    request(endpoint) { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let error):
        self.finishLoading(.failure(error))
      case .success(let page):
        let all = collected + page.repositories
        guard let next = page.next else {
          self.finishLoading(.success(all))
          return
        }
        if let stop = self.stopReason(next: next, visited: visited) {
          self.finishLoading(.failure(GitHubError.paginationStopped(reason: stop)))
          return
        }
        self.fetch(
          RepositoriesPageEndpoint(org: self.org, url: next), collected: all, visited: visited)
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
