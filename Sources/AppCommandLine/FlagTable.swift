import AppModel
import DemoOptions
import Foundation
import GitHubAPI

/// Every flag `loader-tui` takes, in the order `--help` lists them. Defaults are read from
/// `Options()`, whose values come from `GitHubConfiguration` and `DemoServerOptions`.
enum FlagTable {
  /// The real GitHub API, for `--github`.
  static let gitHubAPI = URL(string: "https://api.github.com")!

  /// The flags.
  static let all: [Flag] = [
    Flag(
      .github, .source, "use the real GitHub API, \(gitHubAPI.absoluteString)",
      chooses: .remoteSource, .set { $0.source = .remote(gitHubAPI) }),
    Flag(
      .baseURL, .source, "any GitHub-compatible API (GitHub Enterprise: https://HOST/api/v3)",
      chooses: .remoteSource,
      .read("URL") { options, argument throws(UsageError) in
        options.source = .remote(try argument.url())
      }),
    Flag(
      .org, .source, "the organization", default: { $0.owner.spelling },
      .read("NAME") { options, argument throws(UsageError) in
        try options.add(
          owners: argument.logins().map { OwnerChoice(login: GitHubLogin($0), kind: .organization) }
        )
      }),
    Flag(
      .user, .source, "a user instead of an organization",
      .read("NAME") { options, argument throws(UsageError) in
        try options.add(
          owners: argument.logins().map { OwnerChoice(login: GitHubLogin($0), kind: .user) })
      }),
    Flag(
      .owner, .source,
      "an organization or a user, as the API says; repeat or comma-separate to load several"
        + " (headless) or to offer them to @ (terminal)",
      .read("NAME") { options, argument throws(UsageError) in
        try options.add(
          owners: argument.logins().map { OwnerChoice(login: GitHubLogin($0), kind: nil) })
      }),
    Flag(
      .tokenFile, .source, "read the token from PATH instead of $GITHUB_TOKEN", values: .file,
      .read("PATH") { options, argument throws(UsageError) in
        options.tokenFile = argument.text
        options.tokenFileLine = argument.origin
      }),
    Flag(
      .timeout, .source, "overall deadline of one request, in seconds",
      default: { FlagArgument.format($0.timeout) },
      .read("SECONDS") { options, argument throws(UsageError) in
        options.timeout = try argument.seconds(in: 1...3_600)
      }),
    Flag(
      .maxResponseSize, .source, "largest response accepted, in bytes",
      default: { String($0.maximumResponseSize) },
      .read("BYTES") { options, argument throws(UsageError) in
        options.maximumResponseSize = try argument.integer(in: 1_024...1_073_741_824)
      }),
    Flag(
      .pageCap, .source, "most repository pages followed, of 100 repositories each",
      default: { String($0.pageCap) },
      .read("N") { options, argument throws(UsageError) in
        options.pageCap = try argument.integer(in: 1...1_000)
      }),
    Flag(
      .limit, .source, "most repositories listed; no page is read after the one reaching N",
      .read("N") { options, argument throws(UsageError) in
        options.limit = try argument.integer(in: 1...100_000)
      }),
    Flag(
      .refresh, .source, "revalidate both loaders every SECONDS (off by default)",
      .read("SECONDS") { options, argument throws(UsageError) in
        options.refreshInterval = try argument.seconds(in: 1...86_400)
      }),
    Flag(
      .retries, .source, "retries after a timeout, a lost connection, 5xx or 429; 0 for none",
      default: { String($0.retries) },
      .read("N") { options, argument throws(UsageError) in
        options.retries = try argument.integer(in: 0...10)
      }),
    Flag(
      .maxWait, .source, "longest a Retry-After or rate-limit reset may make a retry wait",
      default: { FlagArgument.format($0.maxServerWait) },
      .read("SECONDS") { options, argument throws(UsageError) in
        options.maxServerWait = try argument.seconds(in: 0...3_600)
      }),
    Flag(
      .cacheDir, .source,
      "the cache directory, instead of $XDG_CACHE_HOME/loader-tui or ~/.cache/loader-tui",
      values: .directory,
      .read("DIR") { options, argument throws(UsageError) in
        options.cacheDirectory = try argument.directory()
      }),
    Flag(
      .noCache, .source, "neither read nor write the cache on disk; start empty",
      .set { $0.noCache = true }),
    Flag(
      .noConfig, .source,
      "ignore the config file ($\(ConfigLocation.variable), else"
        + " $XDG_CONFIG_HOME/loader-tui/config or ~/.config/loader-tui/config)",
      scope: .anywhere, .set { $0.noConfig = true }),
    Flag(
      .latency, .server, "delay of both routes", scope: .builtInServer,
      .read("SECONDS") { options, argument throws(UsageError) in
        let seconds = try argument.seconds(in: 0...600)
        options.organizationLatency = seconds
        options.repositoriesLatency = seconds
      }),
    Flag(
      .orgLatency, .server, "delay of the organization route",
      default: { FlagArgument.format($0.organizationLatency) }, scope: .builtInServer,
      .read("SECONDS") { options, argument throws(UsageError) in
        options.organizationLatency = try argument.seconds(in: 0...600)
      }),
    Flag(
      .reposLatency, .server, "delay of the repositories route, all pages together",
      default: { FlagArgument.format($0.repositoriesLatency) }, scope: .builtInServer,
      .read("SECONDS") { options, argument throws(UsageError) in
        options.repositoriesLatency = try argument.seconds(in: 0...600)
      }),
    Flag(
      .pageLatency, .server, "delay of each repositories page, in place of --repos-latency",
      scope: .builtInServer,
      .read("SECONDS") { options, argument throws(UsageError) in
        options.pageLatency = try argument.seconds(in: 0...600)
      }),
    Flag(
      .pageSize, .server, "largest page it hands out",
      default: { options in
        let demo = DemoServerOptions.self
        let repositories = demo.defaultMaximumPageSize * demo.pagesAtDefaultSize
        return options.pageSize.map(String.init)
          ?? "\(demo.defaultMaximumPageSize); \(demo.largeMaximumPageSize) with --repos over"
          + " \(repositories)"
      },
      scope: .builtInServer,
      .read("N") { options, argument throws(UsageError) in
        options.pageSize = try argument.integer(in: 1...100)
      }),
    Flag(
      .repos, .server, "serve N generated repositories instead of the fixtures",
      scope: .builtInServer,
      .read("N") { options, argument throws(UsageError) in
        options.repositoryCount = try argument.integer(in: 0...100_000)
      }),
    Flag(
      .fail, .server,
      "make requests fail: org, repos, round=N, page=N (one page of repos); comma-separated,"
        + " they combine: repos,round=2",
      scope: .builtInServer,
      values: .list(DemoRoute.allCases.map(\.rawValue) + ["round=", "page="]),
      .read("LIST") { options, argument throws(UsageError) in
        let failures = try argument.failures()
        options.failingRoutes.formUnion(failures.routes)
        options.failingRounds.formUnion(failures.rounds)
        options.failingPages.formUnion(failures.pages)
      }),
    Flag(
      .failMode, .server, "how they fail: \(DemoFailureMode.names)",
      default: { $0.failureMode.rawValue }, scope: .builtInServer, requires: .fail,
      values: .oneOf(DemoFailureMode.allCases.map(\.rawValue)),
      .read("MODE") { options, argument throws(UsageError) in
        options.failureMode = try argument.failureMode()
      }),
    Flag(
      .rateLimit, .server,
      "requests allowed per hour; past them, 403 with x-ratelimit-remaining: 0",
      default: { String($0.rateLimit) }, scope: .builtInServer,
      .read("N") { options, argument throws(UsageError) in
        options.rateLimit = try argument.integer(in: 1...1_000_000)
      }),
    Flag(
      .port, .server, "serve-demo: the port, 0 for any free one", default: { String($0.port) },
      scope: .serveDemo,
      .read("N") { options, argument throws(UsageError) in
        options.port = UInt16(try argument.integer(in: 0...65_535))
      }),
    Flag(
      .headless, .display, "print every state change instead of drawing",
      chooses: .headless, .set { $0.headless = true }),
    Flag(
      .json, .display, "headless: JSON Lines instead of text", scope: .headless,
      .set { $0.json = true }),
    Flag(
      .trace, .display, "headless: print each request's start and end too",
      scope: .headless, .set { $0.trace = true }),
    Flag(
      .rounds, .display, "headless: fetch N times in a row", default: { String($0.rounds) },
      scope: .headless,
      .read("N") { options, argument throws(UsageError) in
        options.rounds = try argument.integer(in: 1...1_000)
      }),
    Flag(
      .noTimestamps, .display, "headless: leave out the time since start",
      scope: .headless, .set { $0.timestamps = false }),
    Flag(
      .interactive, .display, "require a terminal; fail instead of falling back to headless",
      chooses: .interactive, .set { $0.interactive = true }),
    Flag(
      .noColor, .display, "no colour (NO_COLOR is honoured too)", scope: .terminal,
      .set { $0.noColor = true }),
    Flag(
      .theme, .display, "the colours: dark, or light for light backgrounds",
      default: { $0.themeName }, scope: .terminal,
      values: .oneOf(Theme.builtIn.map(\.name)),
      .read("THEME") { options, argument throws(UsageError) in
        options.themeName = try argument.theme().name
      }),
    Flag(
      .color, .display,
      "colour an element: \(Theme.Element.allCases.map(\.rawValue).joined(separator: ", "))"
        + "; a colour name or 0-255, /BACKGROUND optional: border=blue, status-bar=15/24",
      scope: .terminal, values: .assignment(Theme.Element.allCases.map(\.rawValue)),
      .read("ELEMENT=COLOR") { options, argument throws(UsageError) in
        let (element, paint) = try argument.elementPaint()
        options.colors[element] = paint
      }),
    Flag(
      .key, .display,
      "bind an action of the key table to other keys: quit=Q, sort=o,F5 (loader-tui manual"
        + " lists the actions)",
      scope: .terminal, values: .assignment(Action.allCases.map(\.name)),
      .read("ACTION=KEYS") { options, argument throws(UsageError) in
        options.keyOverrides.append(try argument.keyOverride())
      }),
    Flag(
      .ascii, .display,
      "draw with ASCII only: borders, spinner and symbols; also chosen when the locale is not"
        + " UTF-8",
      .set { $0.ascii = true }),
    Flag(
      .noMouse, .display, "do not turn on mouse reporting", scope: .terminal,
      .set { $0.mouse = false }),
    Flag(.help, short: "-h", .display, "this help", scope: .anywhere, .invoke(.help)),
    Flag(
      .version, short: "-V", .display, "the version, and libcurl's and ncurses'",
      scope: .anywhere, .invoke(.version)),
  ]

  /// Flags that cannot be given together.
  /// The flags given once for each thing they set (each action's keys, each element's colour):
  /// the command line's add to the config file's instead of replacing them.
  static let accumulating: Set<FlagName> = [.key, .color]

  /// The flags that name owners: the command line's replace the config file's.
  static let ownerFlags: Set<FlagName> = [.org, .user, .owner]

  static let exclusive: [(FlagName, FlagName)] = [
    (.github, .baseURL), (.headless, .interactive), (.cacheDir, .noCache),
  ]

  /// The flag called `name` (long or short).
  static func flag(named name: String) -> Flag? {
    all.first { $0.name == name || $0.shortName == name }
  }

  /// The flag `name`.
  static func flag(_ name: FlagName) -> Flag {
    all.first { $0.id == name }!
  }
}
