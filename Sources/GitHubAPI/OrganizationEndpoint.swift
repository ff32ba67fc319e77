import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET orgs/{org}`.
public struct OrganizationEndpoint: Endpoint {
  /// The organization login.
  public let org: String
  /// Cleans the organization's text and the server's error messages.
  public let sanitizer: TextSanitizer

  /// Creates a value from its parts.
  public init(org: String, sanitizer: TextSanitizer) {
    self.org = org
    self.sanitizer = sanitizer
  }

  /// The request, relative to the API root.
  public func makeRequest() throws -> URLRequest {
    URLRequest(url: URL(string: "orgs/\(GitHubPath.escape(org))")!)
  }

  /// Turns a non-2xx answer into a `GitHubError`.
  public func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if let error = GitHubError.check(response.fields, body: data, org: org, sanitizer: sanitizer) {
      throw error
    }
  }

  /// The organization read from the JSON body.
  public func content(from response: URLResponse?, with body: Data) throws -> Organization {
    try GitHubJSON.decode(Organization.self, from: body, sanitizer: sanitizer)
  }
}
