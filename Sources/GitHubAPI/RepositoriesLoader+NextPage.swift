import ApexyHTTP
import ApexyLoader
import Foundation

extension RepositoriesLoader {
  /// Reads one more page of the owner's repositories: the first on the first call, then the
  /// page after the last one read on each call (`WebLoader.requestNextPage(from:pageCap:id:page:)`),
  /// for a list that loads as it scrolls, or a client without a token (60 requests an hour)
  /// facing a big owner. `hasNextPage` says whether there is one; a page that fails
  /// keeps what was read, and the next call reads it again. `resetPages()` starts
  /// over. An owner of unknown kind is read as a user (`users/{login}/repos` lists an
  /// organization's too).
  public func loadNextPage() {
    let first = RepositoriesPageEndpoint.firstPage(
      login: login, kind: kind ?? .user, sanitizer: sanitizer)
    requestNextPage(
      from: DecodedRepositoriesPage(first), pageCap: pageCap, id: \.name,
      page: { [login, kind, sanitizer] url in
        DecodedRepositoriesPage(
          RepositoriesPageEndpoint(
            login: login, kind: kind ?? .user, url: url, sanitizer: sanitizer))
      })
  }
}

/// A page of repositories, decoded as it arrives: what a page-at-a-time read needs.
private struct DecodedRepositoriesPage: Endpoint {
  let page: RepositoriesPageEndpoint

  init(_ page: RepositoriesPageEndpoint) {
    self.page = page
  }

  var requestSubject: String? { page.requestSubject }

  func makeRequest() throws -> URLRequest { try page.makeRequest() }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    try page.validate(request, response: response, data: data)
  }

  func content(from response: URLResponse?, with body: Data) throws -> LinkedPage<Repository> {
    let raw = try page.content(from: response, with: body)
    return LinkedPage(items: try raw.repositories(sanitizer: page.sanitizer), links: raw.links)
  }
}
