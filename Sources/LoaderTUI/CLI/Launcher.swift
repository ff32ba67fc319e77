import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the command line and the environment, picks the mode and runs it.
@MainActor
enum Launcher {
  /// Runs the program for `arguments` (without the program name); never returns.
  static func main(_ arguments: [String], environment: [String: String]) -> Never {
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      fail(error.description, code: 2)
    }
    switch invocation {
    case .help:
      StandardOutput.line(HelpText.text)
      exit(0)
    case .version:
      StandardOutput.line("loader-tui \(AppInfo.version)")
      exit(0)
    case .serveDemo(let options):
      serveDemo(options)
    case .run(let options):
      run(options, environment: environment)
    }
  }

  private static func run(_ options: Options, environment: [String: String]) -> Never {
    SignalPipe.install([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    let token: String?
    do {
      token = try TokenSource.token(options: options, environment: environment)
    } catch {
      fail(error.description, code: 2)
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
        fail("The built-in server could not start: \(error).", code: 1)
      }
      demo = server
      sourceLabel = "built-in \(baseURL.host ?? ""):\(baseURL.port ?? 0)"
    case .remote(let url):
      baseURL = url
      sourceLabel = url.host ?? url.absoluteString
    }
    let configuration = GitHubConfiguration(
      baseURL: baseURL, org: options.org, token: options.source == .demo ? nil : token,
      timeout: options.timeout, maximumResponseSize: options.maximumResponseSize,
      pageCap: options.pageCap)
    let container = SharedLoaders(configuration: configuration)

    if !options.headless {
      let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      let colors = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty
      var reason = "stdout or stdin is not a terminal"
      if terminal {
        do {
          let app = try TerminalApp(
            container: container, demo: demo, source: sourceLabel, colors: colors)
          app.run()
        } catch {
          reason = "\(error)"
        }
      }
      if options.interactive {
        fail(
          "Cannot start the terminal UI: \(reason). Run without --interactive for headless output.",
          code: 2)
      }
      StandardOutput.error("loader-tui: \(reason); printing state changes instead (--headless).")
    }
    HeadlessRunner(container: container, demo: demo, options: options).run()
  }

  private static func serveDemo(_ options: Options) -> Never {
    let server = DemoServer(options: demoOptions(options))
    do {
      let url = try server.start(port: options.port)
      StandardOutput.line("Serving the built-in GitHub-shaped API at \(url.absoluteString)")
      StandardOutput.line("Try: loader-tui --base-url \(url.absoluteString)   (Ctrl-C stops)")
    } catch {
      fail("\(error)", code: 1)
    }
    SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
    SignalPipe.handler = { number in
      server.stop()
      exit(128 + number)
    }
    dispatchMain()
  }

  private static func demoOptions(_ options: Options) -> DemoServer.Options {
    DemoServer.Options(
      login: DemoFixtures.login, organizationLatency: options.organizationLatency,
      repositoriesLatency: options.repositoriesLatency, maximumPageSize: options.pageSize,
      repositoryCount: options.repositoryCount, failureMode: options.failureMode,
      failingRoutes: options.failingRoutes, failingRounds: options.failingRounds)
  }

  /// Prints `message` on stderr and exits with `code`.
  static func fail(_ message: String, code: Int32) -> Never {
    StandardOutput.error("loader-tui: \(message)")
    exit(code)
  }
}
