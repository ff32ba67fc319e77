import Foundation

/// What the built-in server serves and how slowly: plain values, which the command line fills
/// in and `DemoServer` (module DemoAPI) serves (`DemoServer.Options`).
public struct DemoServerOptions: Sendable, Equatable {
  /// The main organization's login, whose repositories the options decide; `DemoOwners` lists
  /// the other owners served, and other logins get 404.
  public var login: String
  /// The organization the fixtures belong to, and the default `login`.
  public static let defaultLogin = "RedMadRobot"
  /// Delay of an owner's profile (`DemoRoute.organization`), in seconds, for every owner.
  public var organizationLatency: TimeInterval
  /// Delay of an owner's repositories, in seconds, spread over that owner's pages.
  public var repositoriesLatency: TimeInterval
  /// Delay of each page of an owner's repositories, in seconds, in place of
  /// `repositoriesLatency` spread over the pages; `nil` spreads that one.
  public var pageLatency: TimeInterval?
  /// The largest page the server hands out, whatever `per_page` asks.
  public var maximumPageSize: Int
  /// How many repositories to generate; `nil` serves the fixtures.
  public var repositoryCount: Int?
  /// How failing requests fail.
  public var failureMode: DemoFailureMode
  /// Routes that fail (all when empty and rounds are given; `failingPages` adds the
  /// repositories).
  public var failingRoutes: Set<DemoRoute>
  /// How many requests of each route fail before they succeed, for `flaky` and `retry-after`:
  /// counted for each owner apart.
  public var failureCount = defaultFailureCount
  /// The `Retry-After` seconds of `retry-after`.
  public var retryAfterSeconds = defaultRetryAfterSeconds
  /// Rounds (1-based, as set through `round`) that fail (all when empty and routes are given).
  public var failingRounds: Set<Int>
  /// Pages of the repositories route (1-based, the `page` query parameter) that fail; when
  /// some are given, the repositories route fails on these pages only, and the other pages
  /// answer.
  public var failingPages: Set<Int>
  /// The requests allowed in the rate-limit window of an hour; past them, answers are
  /// GitHub's `403` for a used-up primary rate limit.
  public var rateLimit: Int

  /// The default delay of the organization route, in seconds (the iOS sample's).
  public static let defaultOrganizationLatency: TimeInterval = 3
  /// The default delay of the repositories route, in seconds (the iOS sample's).
  public static let defaultRepositoriesLatency: TimeInterval = 5
  /// The default largest page, so the 36 fixtures come in 4 pages.
  public static let defaultMaximumPageSize = 10
  /// The largest page GitHub hands out (`per_page=100`), and the server's default when the
  /// repositories would not fit in `pagesAtDefaultSize` pages of the default size.
  public static let largeMaximumPageSize = 100
  /// The most pages the default size may make: the client's default page cap
  /// (`GitHubConfiguration.defaultPageCap`), so that 1,000 repositories still come in pages
  /// of 10 and up to 10,000 in pages of 100, within the cap either way.
  public static let pagesAtDefaultSize = 100

  /// The largest page when none is given, for `repositoryCount` repositories (`nil`: the few
  /// dozen fixtures): `defaultMaximumPageSize`, or `largeMaximumPageSize` above 1,000.
  public static func defaultMaximumPageSize(repositoryCount: Int?) -> Int {
    (repositoryCount ?? 0) > defaultMaximumPageSize * pagesAtDefaultSize
      ? largeMaximumPageSize : defaultMaximumPageSize
  }
  /// The default way failing requests fail, and what `x` shows.
  public static let defaultFailureMode = DemoFailureMode.unavailable

  /// The default failing requests per route of `flaky` and `retry-after`.
  public static let defaultFailureCount = 2
  /// The default `Retry-After` seconds of `retry-after`.
  public static let defaultRetryAfterSeconds = 3
  /// The default requests allowed per hour, as GitHub allows a token.
  public static let defaultRateLimit = 5_000

  /// These options with neither route delayed: answers as fast as the server can give them.
  public var withoutDelays: DemoServerOptions {
    var options = self
    options.organizationLatency = 0
    options.repositoriesLatency = 0
    options.pageLatency = nil
    return options
  }

  /// Creates a value from its parts; without `maximumPageSize`, the default for
  /// `repositoryCount`.
  public init(
    login: String = defaultLogin,
    organizationLatency: TimeInterval = defaultOrganizationLatency,
    repositoriesLatency: TimeInterval = defaultRepositoriesLatency,
    pageLatency: TimeInterval? = nil, maximumPageSize: Int? = nil, repositoryCount: Int? = nil,
    failureMode: DemoFailureMode = defaultFailureMode, failingRoutes: Set<DemoRoute> = [],
    failingRounds: Set<Int> = [], failingPages: Set<Int> = [], rateLimit: Int = defaultRateLimit
  ) {
    self.login = login
    self.organizationLatency = organizationLatency
    self.repositoriesLatency = repositoriesLatency
    self.pageLatency = pageLatency
    self.maximumPageSize =
      maximumPageSize ?? Self.defaultMaximumPageSize(repositoryCount: repositoryCount)
    self.repositoryCount = repositoryCount
    self.failureMode = failureMode
    self.failingRoutes = failingRoutes
    self.failingRounds = failingRounds
    self.failingPages = failingPages
    self.rateLimit = rateLimit
  }
}
