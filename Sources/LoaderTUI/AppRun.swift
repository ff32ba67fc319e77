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
    SignalPipe.install(
      SignalRule.numbers(.quits) + SignalRule.numbers(.stops) + [SIGWINCH])
    let source: DataSourceStart
    do {
      try CacheLocation.check(options)
      let token = try TokenSource.token(options: options, environment: environment)
      if let warning = TokenSource.warning(options: options) {
        StandardOutput.error("loader-tui: \(warning).")
      }
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
    requestEvents.drain(through: client.afterRequestEvents)
    // Enough owners kept for every one the command line names to load at once.
    let loaders = GitHubLoaders(
      client: client, configuration: source.configuration,
      ownerLimit: max(GitHubLoaders.defaultOwnerLimit, options.owners.count))
    let recent = CacheLocation.attach(to: loaders, options: options, environment: environment)
    // Every way out (q, a signal, the end of headless) waits for the cache's last writes.
    defer {
      loaders.waitForCacheWrites(timeout: 2)
      recent?.waitUntilWritten()
    }
    let effects = AppEffects(
      setOutage: { source.demo?.outage = $0 },
      setRound: { source.demo?.setRound($0, owner: $1.spelling) },
      openURL: { [environment] in BrowserOpener.open($0, environment: environment, report: $1) },
      saveRecentOwners: { recent?.save($0.map(\.spelling)) })
    let run = Started(
      loaders: loaders, requestEvents: requestEvents, source: source, effects: effects,
      recentOwners: recent)
    if !options.headless {
      switch terminalScreen() {
      case .success(let screen):
        return await terminal(screen, run)
      case .failure(let refusal):
        if let code = refusal.code { return code }
      }
    }
    return await headless(run)
  }

  /// What a run starts with, whichever backend shows it.
  struct Started {
    /// The loaders, kept by key.
    let loaders: GitHubLoaders
    /// The client's request events.
    let requestEvents: RequestEventRelay
    /// The data source.
    let source: DataSourceStart
    /// The effects beyond the loaders.
    let effects: AppEffects
    /// The owners opened in runs before, which only the terminal UI reads.
    let recentOwners: RecentOwnersFile?
  }

  /// Why the terminal UI does not start: the exit code with `--interactive`, else `nil` and
  /// a note that the transcript is printed instead.
  private struct Refusal: Error {
    let code: ExitCode?
  }

  private func terminalScreen() -> Result<NcursesTerminal, Refusal> {
    var reason = "stdout or stdin is not a terminal"
    if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
      // Flags typed for the transcript would be dropped: refused before the screen changes.
      if NcursesTerminal.typeProblem() == nil, let refusal = options.terminalRefusal {
        return .failure(Refusal(code: Launcher.fail(refusal.description, code: .usage)))
      }
      let colors = !options.noColor && (environment["NO_COLOR"] ?? "").isEmpty
      do {
        return .success(
          try NcursesTerminal(colors: colors, theme: options.theme, mouse: options.mouse))
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

  private func terminal(_ screen: NcursesTerminal, _ run: Started) async -> ExitCode {
    var state = run.source.state(size: screen.size, ascii: options.ascii || !screen.isUTF8)
    state.keys = options.keys
    // The owners the command line names come first, then those of runs before.
    state.owners = OwnerHistory(
      recent: [state.ownerLogin] + options.owners.map(\.login)
        + (run.recentOwners?.read() ?? []).map { GitHubLogin($0) })
    if options.owners.count > 1 {
      let more = options.owners.count - 1
      state.notice =
        "\(more) more \(more == 1 ? "owner" : "owners") given: press @ and Tab to open them."
    }
    // Said on stderr before the screen took over; said again where it stays in view.
    if let warning = TokenSource.warning(options: options) {
      state.notice = warning.prefix(1).uppercased() + warning.dropFirst() + "."
    }
    let trim = MemoryTrim()
    var effects = run.effects
    effects.trimMemory = trim.loadsEnded
    let loop = AppLoop(
      state: state,
      backend: TerminalBackend(
        screen: screen, frameDump: FrameDumpFile(environment: environment)),
      loaders: run.loaders,
      requestEvents: run.requestEvents, scheduler: DispatchWakeScheduler(),
      pageScheduler: DispatchWakeScheduler(), clock: Date.init,
      effects: effects)
    let input = TerminalInput(terminal: screen, loop: loop)
    input.start()
    let code = await loop.run()
    input.stop()
    return code
  }

  /// Headless: one loop per owner the command line names (the default organization when
  /// none), all loading at once on the one client; with several, every line names its owner
  /// and the run succeeds only when every owner's did.
  private func headless(_ run: Started) async -> ExitCode {
    let ascii = options.ascii || !TerminalLocale.adoptAndCheckUTF8()
    let owners =
      options.owners.isEmpty
      ? [OwnerChoice(login: options.owner, kind: options.ownerKind)] : options.owners
    let relays = HeadlessRelays(owners: owners.map(\.login), from: run.requestEvents)
    let loops = owners.enumerated().map { index, owner in
      var state = run.source.state(size: Size(columns: 80, rows: 24), ascii: ascii, owner: owner)
      state.rounds = FetchRounds(planned: options.rounds, waitsForRequests: options.trace)
      let backend = TranscriptBackend(
        options: Transcript.Options(
          json: options.json, timestamps: options.timestamps, trace: options.trace,
          owner: owners.count > 1 ? owner.login.spelling : nil),
        output: StandardTranscriptOutput(), clock: Date.init)
      return AppLoop(
        state: state, backend: backend, loaders: run.loaders, requestEvents: relays.relay(index),
        scheduler: DispatchWakeScheduler(), pageScheduler: DispatchWakeScheduler(),
        clock: Date.init, effects: run.effects)
    }
    SignalPipe.handler = { number in
      guard SignalRule.rule(number)?.effect == .quits else { return }
      for loop in loops { loop.send(.stop(.signal(number))) }
    }
    // Each transcript backend fetches as the button would, then `update` runs the rounds.
    let codes = await withTaskGroup(of: ExitCode.self) { group in
      for loop in loops { group.addTask { await loop.run([.action(.fetch)]) } }
      var codes: [ExitCode] = []
      for await code in group { codes.append(code) }
      return codes
    }
    SignalPipe.handler = nil
    return codes.first { $0 != .success } ?? .success
  }
}
