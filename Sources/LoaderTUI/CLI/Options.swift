import AppCore
import DemoAPI
import Foundation
import GitHubAPI

/// Where the data comes from.
enum DataSource: Sendable, Equatable {
  /// The built-in server inside the app.
  case demo
  /// A GitHub-compatible API at this root.
  case remote(URL)
}

/// Everything the command line can say; the defaults are the libraries' own.
struct Options: Sendable, Equatable {
  /// The data source.
  var source = DataSource.demo
  /// The organization login.
  var org = DemoFixtures.login
  /// Built-in server: organization route delay, seconds.
  var organizationLatency = DemoServer.Options.defaultOrganizationLatency
  /// Built-in server: repositories route delay, seconds (spread over the pages).
  var repositoriesLatency = DemoServer.Options.defaultRepositoriesLatency
  /// Built-in server: the largest page it hands out; `nil` for the default, which depends on
  /// `repositoryCount` (`DemoServer.Options.defaultMaximumPageSize(repositoryCount:)`).
  var pageSize: Int?
  /// Built-in server: generate this many repositories instead of the fixtures.
  var repositoryCount: Int?
  /// Built-in server: routes that fail.
  var failingRoutes: Set<DemoServer.Route> = []
  /// Built-in server: rounds that fail.
  var failingRounds: Set<Int> = []
  /// Built-in server: how failures fail.
  var failureMode = DemoServer.Options.defaultFailureMode
  /// `serve-demo`: the port, 0 for any.
  var port: UInt16 = 0
  /// Request deadline, seconds.
  var timeout = GitHubConfiguration.defaultTimeout
  /// The most repository pages followed.
  var pageCap = GitHubConfiguration.defaultPageCap
  /// Retries after a transient failure; 0 for none.
  var retries = GitHubConfiguration.defaultRetries
  /// The longest a `Retry-After` or rate-limit reset may make a retry wait, seconds.
  var maxServerWait = GitHubConfiguration.defaultMaxServerWait
  /// Revalidate both loaders this often, seconds; `nil` for never.
  var refreshInterval: TimeInterval?
  /// Largest response accepted, bytes.
  var maximumResponseSize = GitHubConfiguration.defaultMaximumResponseSize
  /// A file holding the token, instead of `GITHUB_TOKEN`.
  var tokenFile: String?
  /// Whether colour is off.
  var noColor = false
  /// Draw with ASCII only, whatever the locale.
  var ascii = false
  /// Turn on mouse reporting in the terminal UI.
  var mouse = true
  /// Headless: print transitions instead of drawing.
  var headless = false
  /// Refuse to fall back to headless when there is no usable terminal.
  var interactive = false
  /// Headless output as JSON Lines.
  var json = false
  /// Headless: print each request's start and end between the transitions.
  var trace = false
  /// Headless: how many fetches in a row.
  var rounds = 1
  /// Headless: print times since start.
  var timestamps = true
  /// `--cache-dir`: the cache directory instead of `$XDG_CACHE_HOME/loader-tui`.
  var cacheDirectory: String?
  /// `--no-cache`: neither read nor write the cache.
  var noCache = false
}
