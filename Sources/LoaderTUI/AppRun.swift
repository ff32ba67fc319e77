import ApexyHTTP
import AppCommandLine
import AppFormats
import AppModel
import AppRuntime
import CurlOnDemand
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// The app itself: its data source, its loaders and cache, and one of its two backends (the
/// terminal UI, or the transcript when there is no terminal or `--headless` asks for it),
/// both driven by the same loop.
@MainActor
struct AppRun {
  /// The command line's options.
  let options: Options
  /// The process's environment.
  let environment: [String: String]

  /// Runs the app until it quits; returns the exit code.
  func run() async -> ExitCode {
    // Whatever the backend, a closed stdout would lose every line; say so before starting.
    if StandardOutput.closedAtStart { return OutputFailure.closed.report() }
    // Foundation's transport makes a URLSession, whose set-up traps without libcurl.
    if HTTPTransport.default == .foundation, let failure = curl_on_demand_failure() {
      let reason = String(cString: failure)
      return Launcher.fail(
        "APEXY_HTTP_TRANSPORT=foundation needs libcurl: \(reason).", code: .failure)
    }
    SignalPipe.install([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    let source: DataSourceStart
    do {
      let token = try TokenSource.token(options: options, environment: environment)
      source = try DataSourceStart(options, token: token)
    } catch let error as UsageError {
      return Launcher.fail(error.description, code: .usage)
    } catch {
      return Launcher.fail("\(error)", code: .failure)
    }
    defer { source.demo?.stop() }
    // The one client (with the app's User-Agent), whose requests the inspector and `--trace`
    // hear through the relay, and the loaders on it. On Linux no session configuration is made
    // at all (Foundation's first one costs about 2 ms of a run).
    let requestEvents = RequestEventRelay()
    let client = source.configuration.makeClient(
      userAgent: AppInfo.userAgent, requestLifeObserver: { requestEvents.deliver($0) })
    let loaders = GitHubLoaders(client: client, configuration: source.configuration)
    CacheLocation.attach(to: loaders, options: options, environment: environment)
    // Every way out (q, a signal, the end of headless) waits for the cache's last writes.
    defer { loaders.waitForCacheWrites(timeout: 2) }
    let effects = AppEffects(
      setOutage: { source.demo?.outage = $0 }, setRound: { source.demo?.round = $0 },
      openURL: { [environment] in BrowserOpener.open($0, environment: environment) })
    if !options.headless {
      switch terminalScreen() {
      case .success(let screen):
        return await terminal(
          screen, loaders: loaders, requestEvents: requestEvents, source: source, effects: effects)
      case .failure(let refusal):
        if let code = refusal.code { return code }
      }
    }
    return await headless(
      loaders: loaders, requestEvents: requestEvents, source: source, effects: effects)
  }

  /// Why the terminal UI does not start: the exit code with `--interactive`, else `nil` and
  /// a note that the transcript is printed instead.
  private struct Refusal: Error {
    let code: ExitCode?
  }

  private func terminalScreen() -> Result<NcursesTerminal, Refusal> {
    var reason = "stdout or stdin is not a terminal"
    if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
      let colors = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty
      do {
        return .success(try NcursesTerminal(colors: colors, mouse: options.mouse))
      } catch {
        reason = "\(error)"
      }
    }
    if options.interactive {
      let message =
        "Cannot start the terminal UI: \(reason). Run without --interactive for headless output."
      return .failure(Refusal(code: Launcher.fail(message, code: .usage)))
    }
    StandardOutput.error("loader-tui: \(reason); printing state changes instead (--headless).")
    return .failure(Refusal(code: nil))
  }

  private func terminal(
    _ screen: NcursesTerminal, loaders: GitHubLoaders, requestEvents: RequestEventRelay,
    source: DataSourceStart, effects: AppEffects
  ) async -> ExitCode {
    let state = source.state(size: screen.size, ascii: options.ascii || !screen.isUTF8)
    let trim = MemoryTrim()
    var effects = effects
    effects.trimMemory = trim.loadsEnded
    let loop = AppLoop(
      state: state, backend: TerminalBackend(screen: screen), loaders: loaders,
      requestEvents: requestEvents, scheduler: DispatchWakeScheduler(), clock: Date.init,
      effects: effects)
    let input = TerminalInput(terminal: screen, loop: loop)
    input.start()
    let code = await loop.run()
    input.stop()
    return code
  }

  private func headless(
    loaders: GitHubLoaders, requestEvents: RequestEventRelay, source: DataSourceStart,
    effects: AppEffects
  ) async -> ExitCode {
    let ascii = options.ascii || !TerminalLocale.adoptAndCheckUTF8()
    var state = source.state(size: Size(columns: 80, rows: 24), ascii: ascii)
    state.rounds = FetchRounds(planned: options.rounds, waitsForRequests: options.trace)
    let backend = TranscriptBackend(
      options: Transcript.Options(
        json: options.json, timestamps: options.timestamps, trace: options.trace),
      output: StandardTranscriptOutput(), clock: Date.init)
    let loop = AppLoop(
      state: state, backend: backend, loaders: loaders, requestEvents: requestEvents,
      scheduler: DispatchWakeScheduler(), clock: Date.init, effects: effects)
    SignalPipe.handler = { number in
      guard number != SIGWINCH else { return }
      loop.send(.stop(.signal(number)))
    }
    // The transcript backend fetches as the button would, then `update` runs the rounds.
    let code = await loop.run([.action(.fetch)])
    SignalPipe.handler = nil
    return code
  }
}
