import ApexyHTTP
import ApexyLoader

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the app gets its data and how it talks to it.
public struct GitHubConfiguration: Sendable {
  /// The API root, for example `https://api.github.com`.
  public var baseURL: URL
  /// The login of the owner shown first.
  public var owner: GitHubLogin
  /// Whether that owner is an organization or a user; `nil` when the first answer is to say.
  public var ownerKind: OwnerKind?
  /// The token for `Authorization: Bearer`, if any.
  public var token: String?
  /// The overall deadline of one request, in seconds.
  public var timeout: TimeInterval
  /// The largest response body accepted, in bytes.
  public var maximumResponseSize: Int
  /// The most repository pages followed.
  public var pageCap: Int
  /// The most repositories listed, as `gh repo list --limit` lists; `nil` for every one.
  public var repositoryLimit: Int?
  /// Retries after a transient failure; 0 sends each request once.
  public var retries: Int
  /// The longest a `Retry-After` or rate-limit reset may make a retry wait, in seconds.
  public var maxServerWait: TimeInterval
  /// Revalidates both loaders this often, in seconds, after each load; `nil` for never.
  public var refreshInterval: TimeInterval?
  /// Seconds after which content the server has not confirmed counts as stale.
  public var staleAfter: TimeInterval

  /// The default request deadline, in seconds.
  public static let defaultTimeout: TimeInterval = 15
  /// The default largest response body, in bytes (8 MiB).
  public static let defaultMaximumResponseSize = 8 * 1024 * 1024
  /// The default most repository pages followed.
  public static let defaultPageCap = 100
  /// The default retries after a transient failure.
  public static let defaultRetries = 3
  /// The default longest wait a server may ask for, in seconds.
  public static let defaultMaxServerWait: TimeInterval = 30
  /// The default age at which content counts as stale, in seconds (ten minutes).
  public static let defaultStaleAfter: TimeInterval = 600

  /// Creates a configuration; the defaults are the app's.
  ///
  /// - Parameters:
  ///   - baseURL: The API root.
  ///   - owner: The owner shown first.
  ///   - ownerKind: Its kind; `nil` when the first answer is to say.
  ///   - token: The token for `Authorization: Bearer`, if any.
  ///   - timeout: The overall deadline of one request, in seconds.
  ///   - maximumResponseSize: The largest response body accepted, in bytes.
  ///   - pageCap: The most repository pages followed.
  ///   - repositoryLimit: The most repositories listed; `nil` for every one.
  ///   - retries: Retries after a transient failure.
  ///   - maxServerWait: The longest wait a server may ask for, in seconds.
  ///   - refreshInterval: How often to revalidate, in seconds; `nil` for never.
  ///   - staleAfter: Seconds after which unconfirmed content counts as stale.
  public init(
    baseURL: URL, owner: GitHubLogin, ownerKind: OwnerKind?, token: String? = nil,
    timeout: TimeInterval = defaultTimeout,
    maximumResponseSize: Int = defaultMaximumResponseSize, pageCap: Int = defaultPageCap,
    repositoryLimit: Int? = nil,
    retries: Int = defaultRetries, maxServerWait: TimeInterval = defaultMaxServerWait,
    refreshInterval: TimeInterval? = nil, staleAfter: TimeInterval = defaultStaleAfter
  ) {
    self.baseURL = baseURL
    self.owner = owner
    self.ownerKind = ownerKind
    self.token = token
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
    self.pageCap = pageCap
    self.repositoryLimit = repositoryLimit
    self.retries = retries
    self.maxServerWait = maxServerWait
    self.refreshInterval = refreshInterval
    self.staleAfter = staleAfter
  }

  /// `host:port` of the API, for messages (an IPv6 host in brackets: `[::1]:8080`).
  public var hostDescription: String {
    // Written out rather than joined: `joined(separator:)` on an array made here runs
    // unspecialized, and its first call looks an associated type up by scanning every
    // protocol conformance record in the binary (and the type descriptors they point to).
    let host = baseURL.host.map { $0.contains(":") ? "[" + $0 + "]" : $0 }
    return switch (host, baseURL.port) {
    case (let host?, let port?): host + ":" + String(port)
    case (let host?, nil): host
    case (nil, let port?): String(port)
    case (nil, nil): ""
    }
  }

  /// The loader policies these settings ask for, spending the rate limit `gate` records:
  /// revalidation always, retry unless `retries` is 0, refresh when an interval is given.
  ///
  /// - Parameter gate: The rate limit every loader shares.
  /// - Returns: The policies.
  @MainActor
  public func policies(rateLimit gate: RateLimitGate) -> LoaderPolicies {
    LoaderPolicies(
      retry: retries > 0 ? RetryPolicy(maxRetries: retries, maxServerWait: maxServerWait) : nil,
      revalidates: true, rateLimit: gate, staleAfter: staleAfter,
      refreshInterval: refreshInterval)
  }
}

extension GitHubConfiguration {
  /// A client for this API, called as GitHub asks: `userAgent` names the program
  /// (`name/version`), the token goes to the API's own origin only, each request has the
  /// configured deadline and size limit, and nothing is kept between runs (no cookies, no URL
  /// cache). Completions run on the main queue; `requestLifeObserver` hears every request's
  /// life events.
  ///
  /// - Parameters:
  ///   - userAgent: The `User-Agent` every request sends.
  ///   - requestLifeObserver: Told every event of every request, if given.
  /// - Returns: The client.
  public func makeClient(
    userAgent: String, requestLifeObserver: (@Sendable (RequestLifeEvent) -> Void)? = nil
  ) -> URLSessionClient {
    URLSessionClient(
      requestAdapter: GitHubRequestAdapter(baseURL: baseURL, token: token, userAgent: userAgent),
      defaults: RequestDefaults(
        requestTimeout: timeout, deadline: timeout, additionalHeaders: ["User-Agent": userAgent]),
      completionQueue: .main, maximumResponseSize: maximumResponseSize,
      requestLifeObserver: requestLifeObserver)
  }
}
