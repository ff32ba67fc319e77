import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET repos/{owner}/{name}`: one repository with every field, the detail view's request.
public struct RepositoryEndpoint: Endpoint {
  /// The owner's login.
  public let owner: String
  /// The repository name.
  public let name: String
  /// Cleans the repository's text and the server's error messages.
  public let sanitizer: TextSanitizer

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - owner: The repository's owner.
  ///   - name: Its name.
  ///   - sanitizer: Cleans the repository's text and the server's messages.
  public init(owner: String, name: String, sanitizer: TextSanitizer) {
    self.owner = owner
    self.name = name
    self.sanitizer = sanitizer
  }

  /// The request, relative to the API root; each part is escaped as one path segment.
  ///
  /// - Returns: The request, relative to the API root.
  /// - Throws: Nothing; the request is always made.
  public func makeRequest() throws -> URLRequest {
    URLRequest(url: URL(string: "repos/\(GitHubPath.escape(owner))/\(GitHubPath.escape(name))")!)
  }

  /// Turns a non-2xx answer into a `GitHubError`: a 404 is
  /// `GitHubError.repositoryNotFound`, the repository's and not its owner's.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent.
  ///   - response: The response's status and header fields.
  ///   - data: The response body.
  /// - Throws: The `GitHubError` the answer stands for, for any answer but a 2xx.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if let error = GitHubError.check(
      response.fields, body: data, login: owner, kind: .organization, sanitizer: sanitizer)
    {
      throw error.statusCode == 404 ? .repositoryNotFound(owner: owner, name: name) : error
    }
  }

  /// The repository read from the JSON body.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - body: The response body.
  /// - Returns: The repository, with its details.
  /// - Throws: `GitHubError.unreadable` when the body is not what GitHub sends.
  public func content(from response: URLResponse?, with body: Data) throws -> Repository {
    try GitHubJSON.decode(Repository.self, from: body, sanitizer: sanitizer)
  }
}
