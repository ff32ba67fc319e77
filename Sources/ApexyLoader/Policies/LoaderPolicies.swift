import ApexyHTTP
import Foundation

/// What a `WebLoader` does beyond sending each request once: all off by default, which keeps
/// the loader exactly as it was.
public struct LoaderPolicies: Sendable {
  /// Retries transient failures of requests whose method the policy retries (GET, HEAD, PUT,
  /// DELETE and OPTIONS by default); `nil` sends each request once.
  public var retry: RetryPolicy?
  /// Sends `request(_:)` and `request(_:transform:)` as conditional requests and keeps the
  /// content on `304 Not Modified`.
  public var revalidates: Bool
  /// The rate limit shared with other loaders; requests wait for nothing while it is used up,
  /// they fail at once.
  public var rateLimit: RateLimitGate?
  /// Seconds after which confirmed content counts as stale; `nil` never.
  public var staleAfter: TimeInterval?
  /// Reloads this often, in seconds, after each load ends (raised to the server's
  /// `X-Poll-Interval`); `nil` for no timer. Needs a loader that is `ContentLoading`.
  public var refreshInterval: TimeInterval?

  /// Creates policies; every one is off unless given.
  ///
  /// - Parameters:
  ///   - retry: Retries transient failures; `nil` sends each request once.
  ///   - revalidates: Sends conditional requests and keeps the content on a `304`.
  ///   - rateLimit: The rate limit shared with other loaders.
  ///   - staleAfter: Seconds after which confirmed content is stale (``WebLoader/isStale``).
  ///   - refreshInterval: Reloads this often, in seconds, after each load ends.
  public init(
    retry: RetryPolicy? = nil, revalidates: Bool = false, rateLimit: RateLimitGate? = nil,
    staleAfter: TimeInterval? = nil, refreshInterval: TimeInterval? = nil
  ) {
    self.retry = retry
    self.revalidates = revalidates
    self.rateLimit = rateLimit
    self.staleAfter = staleAfter
    self.refreshInterval = refreshInterval
  }

  /// Whether requests go through the policies (and responses are recorded) rather than as
  /// plain client requests.
  var sendsThroughPolicies: Bool {
    retry != nil || revalidates || rateLimit != nil || refreshInterval != nil
  }
}
