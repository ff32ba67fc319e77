import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET orgs/{org}` for an organization, `GET users/{login}` for a user or an owner of either
/// kind (whose `type` says which).
public struct OwnerEndpoint: Endpoint {
  /// The owner's login.
  public let login: GitHubLogin
  /// Which kind of owner it is, when known: `nil` asks `users/{login}`, which answers for both.
  public let kind: OwnerKind?
  /// Cleans the owner's text and the server's error messages.
  public let sanitizer: TextSanitizer

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - login: The owner's login.
  ///   - kind: Its kind; `nil` asks `users/{login}`.
  ///   - sanitizer: Cleans the owner's text and the server's messages.
  public init(login: GitHubLogin, kind: OwnerKind?, sanitizer: TextSanitizer) {
    self.login = login
    self.kind = kind
    self.sanitizer = sanitizer
  }

  /// The owner's login, as spelled: request-life observers route the request to it.
  public var requestSubject: String? { login.spelling }

  /// The request, relative to the API root.
  ///
  /// - Returns: The request, relative to the API root.
  /// - Throws: Nothing; the request is always made.
  public func makeRequest() throws -> URLRequest {
    let segment = (kind ?? .user).pathSegment
    return URLRequest(url: URL(string: "\(segment)/\(GitHubPath.escape(login.spelling))")!)
  }

  /// Turns a non-2xx answer into a `GitHubError`: a 404 of `users/{login}` is
  /// `GitHubError.noSuchOwner`.
  ///
  /// - Parameters:
  ///   - request: The request as it was sent.
  ///   - response: The response's status and header fields.
  ///   - data: The response body.
  /// - Throws: The `GitHubError` the answer stands for, for any answer but a 2xx.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if let error = GitHubError.check(
      response.fields, body: data, login: login.spelling, kind: kind, sanitizer: sanitizer)
    {
      throw error
    }
  }

  /// The owner read from the JSON body; without a `type`, of the kind asked for (a user for
  /// `users/{login}`).
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - body: The response body.
  /// - Returns: The owner.
  /// - Throws: `GitHubError.unreadable` when the body is not what GitHub sends.
  public func content(from response: URLResponse?, with body: Data) throws -> Owner {
    var owner = try GitHubJSON.decode(Owner.self, from: body, sanitizer: sanitizer)
    if owner.kind == nil { owner.kind = kind ?? .user }
    return owner
  }
}
