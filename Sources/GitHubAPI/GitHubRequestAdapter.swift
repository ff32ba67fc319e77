import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Resolves request URLs against the API base and adds the headers GitHub asks for: a
/// `User-Agent` naming the program (GitHub refuses requests without one), its media type and
/// API version, and the token for the API's own origin.
public final class GitHubRequestAdapter: BaseRequestAdapter {
  private let token: String?
  private let userAgent: String

  /// Creates the adapter; `token`, when given, is sent as `Authorization: Bearer …` to the
  /// API's own origin only, and `userAgent` names the program (`name/version`).
  public init(baseURL: URL, token: String?, userAgent: String) {
    self.token = token
    self.userAgent = userAgent
    super.init(baseURL: baseURL)
  }

  public override func adapt(_ urlRequest: URLRequest) throws -> URLRequest {
    var request = try super.adapt(urlRequest)
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    if let token, let url = request.url, url.hasSameOrigin(as: baseURL) {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    return request
  }
}
