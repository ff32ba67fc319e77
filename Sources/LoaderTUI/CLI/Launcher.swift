import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the command line and the environment, picks the mode and runs it; returns the exit
/// code, which `main` alone turns into the process's exit.
@MainActor
enum Launcher {
  /// Runs the program for `arguments` (without the program name); returns the exit code.
  static func main(_ arguments: [String], environment: [String: String]) async -> Int32 {
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      return fail(error.description, code: 2)
    }
    switch invocation {
    case .help:
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.line(HelpText.text)
      }
    case .version:
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.line("loader-tui \(AppInfo.version)")
      }
    case .serveDemo(let options):
      return await serveDemo(options)
    case .cache(let command, let directory):
      return CacheCommandRunner.run(command, directory: directory, environment: environment)
    case .run(let options):
      return await run(options, environment: environment)
    }
  }

  private static func run(_ options: Options, environment: [String: String]) async -> Int32 {
    // Whatever the mode, a closed stdout would lose every line; say so before starting.
    if StandardOutput.closedAtStart { return OutputFailure.closed.report() }
    SignalPipe.install([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    let token: String?
    do {
      token = try TokenSource.token(options: options, environment: environment)
    } catch {
      return fail(error.description, code: 2)
    }
    var demo: DemoServer?
    let baseURL: URL
    let sourceLabel: String
    switch options.source {
    case .demo:
      let server = DemoServer(options: demoOptions(options))
      do {
        baseURL = try server.start()
      } catch {
        return fail("The built-in server could not start: \(error).", code: 1)
      }
      demo = server
      sourceLabel = "built-in \(baseURL.host ?? ""):\(baseURL.port ?? 0)"
    case .remote(let url):
      baseURL = url
      sourceLabel = url.host ?? url.absoluteString
    }
    defer { demo?.stop() }
    let configuration = GitHubConfiguration(
      baseURL: baseURL, org: options.org, token: options.source == .demo ? nil : token,
      timeout: options.timeout, maximumResponseSize: options.maximumResponseSize,
      pageCap: options.pageCap, retries: options.retries, maxServerWait: options.maxServerWait,
      refreshInterval: options.refreshInterval)
    let loaders = SharedLoaders(configuration: configuration)
    CacheLocation.attach(to: loaders, options: options, environment: environment)
    // Every way out (q, a signal, the end of headless) waits for the cache's last writes.
    defer { loaders.waitForCacheWrites(timeout: 2) }

    if !options.headless {
      let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      let colors = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty
      var reason = "stdout or stdin is not a terminal"
      if terminal {
        do {
          let app = try TerminalApp(
            loaders: loaders, demo: demo, source: sourceLabel, colors: colors,
            mouse: options.mouse, ascii: options.ascii)
          return await app.run()
        } catch {
          reason = "\(error)"
        }
      }
      if options.interactive {
        return fail(
          "Cannot start the terminal UI: \(reason). Run without --interactive for headless output.",
          code: 2)
      }
      StandardOutput.error("loader-tui: \(reason); printing state changes instead (--headless).")
    }
    return await HeadlessRunner(container: loaders, demo: demo, options: options).run()
  }

  private static func serveDemo(_ options: Options) async -> Int32 {
    let server = DemoServer(options: demoOptions(options))
    // One line a request, as it arrives: what a client asked for, and whether conditionally.
    server.onRequest = { request in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      let conditional = request.headers["if-none-match"] == nil ? "" : " (If-None-Match)"
      let line =
        "\(request.method) \(request.path)\(query.isEmpty ? "" : "?" + query)\(conditional)"
      try? StandardOutput.line(TextSanitizer.clean(line))
    }
    let url: URL
    do {
      url = try server.start(port: options.port)
    } catch {
      return fail("\(error)", code: 1)
    }
    let written = StandardOutput.exitCode { () throws(OutputFailure) in
      try StandardOutput.line("Serving the built-in GitHub-shaped API at \(url.absoluteString)")
      try StandardOutput.line("Try: loader-tui --base-url \(url.absoluteString)   (Ctrl-C stops)")
    }
    guard written == 0 else {
      server.stop()
      return written
    }
    SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
    let number = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
      SignalPipe.handler = { number in
        SignalPipe.handler = nil
        done.resume(returning: number)
      }
    }
    server.stop()
    return 128 + number
  }

  private static func demoOptions(_ options: Options) -> DemoServer.Options {
    DemoServer.Options(
      login: DemoFixtures.login, organizationLatency: options.organizationLatency,
      repositoriesLatency: options.repositoriesLatency, maximumPageSize: options.pageSize,
      repositoryCount: options.repositoryCount, failureMode: options.failureMode,
      failingRoutes: options.failingRoutes, failingRounds: options.failingRounds)
  }

  /// Prints `message` on stderr and returns `code`, for `return fail(…)`.
  static func fail(_ message: String, code: Int32) -> Int32 {
    StandardOutput.error("loader-tui: \(message)")
    return code
  }
}
