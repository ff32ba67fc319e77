import ApexyHTTP
import ApexyLoader
import Foundation
import LoopbackHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the app gets its data and how it talks to it.
public struct GitHubConfiguration: Sendable {
  /// The API root, for example `https://api.github.com`.
  public var baseURL: URL
  /// The organization login.
  public var org: String
  /// The token for `Authorization: Bearer`, if any.
  public var token: String?
  /// The overall deadline of one request, in seconds.
  public var timeout: TimeInterval
  /// The largest response body accepted, in bytes.
  public var maximumResponseSize: Int
  /// The most repository pages followed.
  public var pageCap: Int

  /// The default request deadline, in seconds.
  public static let defaultTimeout: TimeInterval = 15
  /// The default largest response body, in bytes (8 MiB).
  public static let defaultMaximumResponseSize = 8 * 1024 * 1024
  /// The default most repository pages followed.
  public static let defaultPageCap = 100

  /// Creates a configuration; the defaults are the app's.
  public init(
    baseURL: URL, org: String, token: String? = nil, timeout: TimeInterval = defaultTimeout,
    maximumResponseSize: Int = defaultMaximumResponseSize, pageCap: Int = defaultPageCap
  ) {
    self.baseURL = baseURL
    self.org = org
    self.token = token
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
    self.pageCap = pageCap
  }
}
