import ApexyHTTP
import ApexyLoader
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One page of `GET orgs/{org}/repos` or `GET users/{login}/repos`, with the URL of the next
/// page from the `Link` header.
public struct RepositoriesPageEndpoint: Endpoint {
  /// The owner's login, for error messages.
  public let login: GitHubLogin
  /// Which kind of owner it is, for error messages (a 404 of a user's list names no
  /// organization).
  public let kind: OwnerKind
  /// The page URL: relative for the first page, the `Link` URL for the next ones.
  public let url: URL
  /// Cleans the server's error messages.
  public let sanitizer: TextSanitizer

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - login: The owner's login.
  ///   - kind: Its kind.
  ///   - url: The page's URL.
  ///   - sanitizer: Cleans the server's messages.
  public init(
    login: GitHubLogin, kind: OwnerKind, url: URL, sanitizer: TextSanitizer
  ) {
    self.login = login
    self.kind = kind
    self.url = url
    self.sanitizer = sanitizer
  }

  /// The most repositories a page holds: what the first page asks for (`per_page`) by default.
  public static let pageSize = 100

  /// The first page, `perPage` repositories a page (by default 100), of an organization
  /// (`orgs/{org}/repos`) or a user (`users/{login}/repos`).
  ///
  /// - Parameters:
  ///   - login: The owner's login.
  ///   - kind: Its kind.
  ///   - perPage: The most repositories a page holds (`per_page`), 1 to ``pageSize``.
  ///   - sanitizer: Cleans the server's messages.
  /// - Returns: The endpoint.
  public static func firstPage(
    login: GitHubLogin, kind: OwnerKind, perPage: Int = pageSize, sanitizer: TextSanitizer
  ) -> RepositoriesPageEndpoint {
    let size = min(max(1, perPage), pageSize)
    let path =
      "\(kind.pathSegment)/\(GitHubPath.escape(login.spelling))/repos?per_page=\(size)&page=1"
    return RepositoriesPageEndpoint(
      login: login, kind: kind, url: URL(string: path)!, sanitizer: sanitizer)
  }

  /// The owner's login, as spelled: request-life observers route the page to it.
  public var requestSubject: String? { login.spelling }

  /// The request for this page.
  ///
  /// - Returns: The request for the page's URL.
  /// - Throws: Nothing; the request is always made.
  public func makeRequest() throws -> URLRequest { URLRequest(url: url) }

  /// Turns a non-2xx answer into a `GitHubError`: a 404 of the first page says the owner
  /// was not found, of a later page (the owner answered already) only the status.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent.
  ///   - response: The response's status and header fields.
  ///   - data: The response body.
  /// - Throws: The `GitHubError` the answer stands for, for any answer but a 2xx.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard
      let error = GitHubError.check(
        response.fields, body: data, login: login.spelling, kind: kind, sanitizer: sanitizer)
    else { return }
    if error.statusCode == 404, pageNumber.map({ $0 > 1 }) == true {
      throw GitHubError.status(
        404, message: GitHubError.message(status: 404, body: data, sanitizer: sanitizer))
    }
    throw error
  }

  /// The page number its URL asks for (`page=`), when it says.
  var pageNumber: Int? {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
      .last { $0.name == "page" }?.value.flatMap { Int($0) }
  }

  /// The page undecoded, with its `Link` header's next and last pages: the loader asks for the
  /// next page first and decodes this one meanwhile.
  ///
  /// - Parameters:
  ///   - response: The response, whose `Link` header names the other pages.
  ///   - body: The page's JSON, decoded later.
  /// - Returns: The page.
  /// - Throws: Nothing; the body is read later.
  public func content(from response: URLResponse?, with body: Data) throws -> RepositoriesPage {
    RepositoriesPage(body: body, links: PageLinks(response: response))
  }
}
