import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Resolves request URLs against the API base and adds the headers GitHub asks for.
final class GitHubRequestAdapter: BaseRequestAdapter, @unchecked Sendable {
  private let token: String?

  /// Creates the adapter; `token`, when given, is sent as `Authorization: Bearer …`.
  init(baseURL: URL, token: String?) {
    self.token = token
    super.init(baseURL: baseURL)
  }

  override func adapt(_ urlRequest: URLRequest) throws -> URLRequest {
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

/// The app's name and version.
enum AppInfo {
  /// The version printed by `--version` and sent in `User-Agent`.
  static let version = "0.1.0"
  /// `loader-tui/<version>`.
  static let userAgent = "loader-tui/\(version)"
}
