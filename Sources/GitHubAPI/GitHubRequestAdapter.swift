import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Resolves request URLs against the API root and adds the headers GitHub asks for: a
/// `User-Agent` naming the program (GitHub refuses requests without one), its media type and
/// API version, and the token for the API's own origin.
///
/// The root is kept with a trailing slash (`apiRoot(_:)`), so the endpoints' relative paths
/// (`orgs/x`) resolve below it by RFC 3986 whether the root was given as
/// `https://ghe.example/api/v3` or `https://ghe.example/api/v3/`.
public final class GitHubRequestAdapter: BaseRequestAdapter {
  private let token: String?
  private let userAgent: String

  /// Creates the adapter; `token`, when given, is sent as `Authorization: Bearer …` to the
  /// API's own origin only, and `userAgent` names the program (`name/version`).
  ///
  /// - Parameters:
  ///   - baseURL: The API root.
  ///   - token: The token for `Authorization: Bearer`, sent to that origin only.
  ///   - userAgent: The `User-Agent` every request sends.
  public init(baseURL: URL, token: String?, userAgent: String) {
    self.token = token
    self.userAgent = userAgent
    super.init(baseURL: Self.apiRoot(baseURL))
  }

  /// The API root, always with a trailing slash (`apiRoot(_:)` of what is set).
  public override var baseURL: URL {
    get { super.baseURL }
    set { super.baseURL = Self.apiRoot(newValue) }
  }

  /// `url` with its path ending in a slash: `https://api.github.com/`,
  /// `https://ghe.example/api/v3/`. Query and fragment are dropped; they mean nothing in a base.
  ///
  /// - Parameter url: An API root as a user gives it, with or without the trailing slash.
  /// - Returns: The root as a base that relative endpoint paths resolve below.
  public static func apiRoot(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    if !components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath += "/" }
    components.query = nil
    components.fragment = nil
    return components.url ?? url
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
