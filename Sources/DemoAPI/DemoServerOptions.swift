import Foundation

extension DemoServer {
  /// What the server serves and how slowly.
  public struct Options: Sendable {
    /// The organization login served; other logins get 404.
    public var login: String = DemoFixtures.login
    /// Delay of the organization route, in seconds.
    public var organizationLatency: TimeInterval = 3
    /// Delay of the repositories route, in seconds, spread over its pages.
    public var repositoriesLatency: TimeInterval = 5
    /// The largest page the server hands out, whatever `per_page` asks.
    public var maximumPageSize: Int = 10
    /// How many repositories to generate; `nil` serves the fixtures.
    public var repositoryCount: Int?
    /// How failing requests fail.
    public var failureMode: DemoFailureMode = .unavailable
    /// Routes that fail (all when empty and rounds are given).
    public var failingRoutes: Set<Route> = []
    /// Rounds (1-based, as set through `round`) that fail (all when empty and routes are given).
    public var failingRounds: Set<Int> = []

    /// Creates a value from its parts.
    public init(
      login: String = DemoFixtures.login, organizationLatency: TimeInterval = 3,
      repositoriesLatency: TimeInterval = 5, maximumPageSize: Int = 10, repositoryCount: Int? = nil,
      failureMode: DemoFailureMode = .unavailable, failingRoutes: Set<Route> = [],
      failingRounds: Set<Int> = []
    ) {
      self.login = login
      self.organizationLatency = organizationLatency
      self.repositoriesLatency = repositoriesLatency
      self.maximumPageSize = maximumPageSize
      self.repositoryCount = repositoryCount
      self.failureMode = failureMode
      self.failingRoutes = failingRoutes
      self.failingRounds = failingRounds
    }

  }
}
