import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Resolves request URLs against the API base and adds the headers GitHub asks for.
public final class GitHubRequestAdapter: BaseRequestAdapter, @unchecked Sendable {
  private let token: String?

  /// Creates the adapter; `token`, when given, is sent as `Authorization: Bearer …`.
  public init(baseURL: URL, token: String?) {
    self.token = token
    super.init(baseURL: baseURL)
  }

  public override func adapt(_ urlRequest: URLRequest) throws -> URLRequest {
    var request = try super.adapt(urlRequest)
    request.setValue(AppInfo.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    if let token, let url = request.url, url.hasSameOrigin(as: baseURL) {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    return request
  }
}
