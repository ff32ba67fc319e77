import AppModel
import DemoOptions
import Foundation
import GitHubAPI

/// Where the data comes from.
public enum DataSource: Sendable, Equatable {
  /// The built-in server inside the app.
  case demo
  /// A GitHub-compatible API at this root.
  case remote(URL)
}

/// An owner the command line names: its login, and its kind unless `--owner` leaves that to
/// the API.
public struct OwnerChoice: Sendable, Equatable {
  /// The login.
  public var login: GitHubLogin
  /// `.organization` for `--org`, `.user` for `--user`, `nil` for `--owner`.
  public var kind: OwnerKind?

  /// A choice from its parts.
  public init(login: GitHubLogin, kind: OwnerKind?) {
    self.login = login
    self.kind = kind
  }
}

/// Everything the command line can say; the defaults are the libraries' own.
public struct Options: Sendable, Equatable {
  /// The data source.
  public var source = DataSource.demo
  /// The owners `--org`, `--user` and `--owner` name, in the order given; none: the default
  /// organization.
  public var owners: [OwnerChoice] = []
  /// The first owner's login: the one the terminal UI shows first.
  public var owner: GitHubLogin {
    owners.first?.login ?? GitHubLogin(DemoServerOptions.defaultLogin)
  }
  /// Adds `choices` to ``owners``, each login once: a login named again, in any case, is the
  /// one named first (its spelling kept, its kind taken from the later one when the first did
  /// not say), so a headless run loads it once. Throws when the two name it as different
  /// kinds (`--org x --user x`).
  public mutating func add(owners choices: [OwnerChoice]) throws(UsageError) {
    for choice in choices {
      guard let index = owners.firstIndex(where: { $0.login == choice.login }) else {
        owners.append(choice)
        continue
      }
      let first = owners[index]
      if let kind = choice.kind, let earlier = first.kind, kind != earlier {
        throw UsageError(
          description:
            "\(choice.login.spelling) is named both as \(Self.article(earlier)) and as "
            + "\(Self.article(kind)); "
            + "name it once, with --org, --user or --owner.")
      }
      if first.kind == nil { owners[index].kind = choice.kind }
    }
  }

  private static func article(_ kind: OwnerKind) -> String {
    kind == .organization ? "an organization" : "a user"
  }

  /// The first owner's kind: an organization unless `--user` or `--owner` named it.
  public var ownerKind: OwnerKind? { owners.first.map(\.kind) ?? .organization }
  /// Built-in server: organization route delay, seconds.
  public var organizationLatency = DemoServerOptions.defaultOrganizationLatency
  /// Built-in server: repositories route delay, seconds (spread over the pages).
  public var repositoriesLatency = DemoServerOptions.defaultRepositoriesLatency
  /// Built-in server: delay of each repositories page, seconds, instead of
  /// `repositoriesLatency` spread over the pages; `nil` spreads that one.
  public var pageLatency: TimeInterval?
  /// Built-in server: the largest page it hands out; `nil` for the default, which depends on
  /// `repositoryCount` (`DemoServerOptions.defaultMaximumPageSize(repositoryCount:)`).
  public var pageSize: Int?
  /// Built-in server: generate this many repositories instead of the fixtures.
  public var repositoryCount: Int?
  /// Built-in server: routes that fail.
  public var failingRoutes: Set<DemoRoute> = []
  /// Built-in server: rounds that fail.
  public var failingRounds: Set<Int> = []
  /// Built-in server: repositories pages that fail (the others answer).
  public var failingPages: Set<Int> = []
  /// Built-in server: how failures fail.
  public var failureMode = DemoServerOptions.defaultFailureMode
  /// Built-in server: requests allowed per hour.
  public var rateLimit = DemoServerOptions.defaultRateLimit
  /// `serve-demo`: the port, 0 for any.
  public var port: UInt16 = 0
  /// Request deadline, seconds.
  public var timeout = GitHubConfiguration.defaultTimeout
  /// The most repository pages followed.
  public var pageCap = GitHubConfiguration.defaultPageCap
  /// The most repositories listed, as `gh repo list --limit` lists; `nil` for every one.
  public var limit: Int?
  /// Retries after a transient failure; 0 for none.
  public var retries = GitHubConfiguration.defaultRetries
  /// The longest a `Retry-After` or rate-limit reset may make a retry wait, seconds.
  public var maxServerWait = GitHubConfiguration.defaultMaxServerWait
  /// Revalidate both loaders this often, seconds; `nil` for never.
  public var refreshInterval: TimeInterval?
  /// Largest response accepted, bytes.
  public var maximumResponseSize = GitHubConfiguration.defaultMaximumResponseSize
  /// A file holding the token, instead of `GITHUB_TOKEN`.
  public var tokenFile: String?
  /// `FILE:LINE` of the config file line that named ``tokenFile``; `nil` when the command
  /// line did.
  public var tokenFileLine: String?
  /// Whether colour is off.
  public var noColor = false
  /// `--theme`: the built-in theme the colours start from.
  public var themeName = Theme.dark.name
  /// `--color`: each element's colour over the theme's.
  public var colors: [Theme.Element: Theme.Paint] = [:]
  /// `--key`: actions bound to other keys, in the order given; a later one for the same
  /// action wins.
  public var keyOverrides: [KeyOverride] = []
  /// Draw with ASCII only, whatever the locale.
  public var ascii = false
  /// Turn on mouse reporting in the terminal UI.
  public var mouse = true
  /// Headless: print transitions instead of drawing.
  public var headless = false
  /// Refuse to fall back to headless when there is no usable terminal.
  public var interactive = false
  /// Headless output as JSON Lines.
  public var json = false
  /// Headless: print each request's start and end between the transitions.
  public var trace = false
  /// Headless: how many fetches in a row.
  public var rounds = 1
  /// Headless: print times since start.
  public var timestamps = true
  /// The headless output flags the command line gave without `--headless` (`--json`): the
  /// terminal UI refuses to start with them (`terminalRefusal`).
  public var headlessFlagsTyped: [String] = []
  /// `--cache-dir`: the cache directory instead of `$XDG_CACHE_HOME/loader-tui`.
  public var cacheDirectory: String?
  /// `--no-cache`: neither read nor write the cache.
  public var noCache = false
  /// `--no-config`: no config file was read.
  public var noConfig = false

  /// The options of a command line that gives no flags.
  public init() {}
}

extension Options {
  /// The built-in server's options these ask for.
  public var demoServer: DemoServerOptions {
    DemoServerOptions(
      login: DemoServerOptions.defaultLogin, organizationLatency: organizationLatency,
      repositoriesLatency: repositoriesLatency, pageLatency: pageLatency,
      maximumPageSize: pageSize, repositoryCount: repositoryCount, failureMode: failureMode,
      failingRoutes: failingRoutes, failingRounds: failingRounds, failingPages: failingPages,
      rateLimit: rateLimit)
  }
}
