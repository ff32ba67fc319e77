import ApexyLoader
import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the two-pane app: feeds loader changes, keys, ticks and resizes through `update`,
/// performs the commands, and draws `Screen.render(state)` through the ncurses backend.
@MainActor
final class TerminalApp {
  private let container: SharedLoaders
  private let demo: DemoServer?
  private let terminal: NcursesTerminal
  private var state: AppState
  private var observations: [LoaderObservation] = []
  private var sources: [DispatchSourceProtocol] = []
  private var ticker: DispatchSourceTimer?
  private var ageWake: DispatchWorkItem?

  /// Starts ncurses and prepares the app; throws when the terminal cannot be used.
  init(container: SharedLoaders, demo: DemoServer?, source: String, colors: Bool) throws {
    self.container = container
    self.demo = demo
    terminal = try NcursesTerminal(colors: colors)
    state = AppState(
      now: Date(), size: terminal.size, source: source, org: container.configuration.org,
      host: container.hostDescription, timeout: container.configuration.timeout,
      canToggleOutage: demo != nil)
  }

  /// Wires everything to the main queue and draws the first frame; never returns.
  func run() -> Never {
    SignalPipe.handler = { [unowned self] in self.signal($0) }
    let organization = container.organizationLoader
    let repositories = container.repositoriesLoader
    let changed = { [unowned self] in
      self.handle(
        .loadersChanged(
          organization: organization.state, repositories: repositories.state, at: Date()))
    }
    observations = [organization.observe(changed), repositories.observe(changed)]
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.readInput() } }
    input.resume()
    sources.append(input)
    redraw()
    if ProcessInfo.processInfo.environment["LOADER_TUI_CRASH_TEST"] == "trap" {
      // Test hook: a trap in Swift code after the first frame, to prove the terminal is restored.
      DispatchQueue.main.async { fatalError("LOADER_TUI_CRASH_TEST") }
    }
    dispatchMain()
  }

  // MARK: - Events

  private func handle(_ event: AppEvent) {
    let commands = update(&state, event)
    for command in commands { perform(command) }
    redraw()
    scheduleTimers()
  }

  private func perform(_ command: Command) {
    switch command {
    case .fetchBoth:
      container.repositoriesLoader.load()
      container.organizationLoader.load()
    case .reloadRepositories:
      container.repositoriesLoader.load()
    case .setOutage(let on):
      demo?.outage = on
    case .quit:
      shutdown(code: 0)
    }
  }

  private func readInput() {
    var terminalState = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let gone = Int16(POLLHUP | POLLERR | POLLNVAL)
    if poll(&terminalState, 1, 0) == 1, terminalState.revents & gone != 0 {
      // The terminal hung up.
      shutdown(code: 129)
    }
    process(terminal.readInput())
  }

  private func process(_ inputs: [NcursesTerminal.Input]) {
    for input in inputs {
      switch input {
      case .key(let key): handle(.key(key))
      case .resize: handle(.resize(terminal.size))
      }
    }
  }

  private func signal(_ number: Int32) {
    switch number {
    case SIGWINCH:
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        terminal.resize(to: Size(columns: Int(size.ws_col), rows: Int(size.ws_row)))
      }
      // resizeterm queued a KEY_RESIZE; keys typed meanwhile are handled, not dropped.
      process(terminal.readInput())
      handle(.resize(terminal.size))
    default:
      shutdown(code: 128 + number)
    }
  }

  // MARK: - Drawing and timers

  private func redraw() {
    terminal.draw(Screen.render(state))
  }

  private func scheduleTimers() {
    if state.isLoading {
      guard ticker == nil else { return }
      let timer = DispatchSource.makeTimerSource(queue: .main)
      timer.schedule(
        deadline: .now() + Spinner.interval, repeating: Spinner.interval, leeway: .milliseconds(10))
      timer.setEventHandler { [unowned self] in
        MainActor.assumeIsolated { self.handle(.tick(Date())) }
      }
      timer.resume()
      ticker = timer
      ageWake?.cancel()
      ageWake = nil
      return
    }
    ticker?.cancel()
    ticker = nil
    scheduleAgeWake()
  }

  /// Wakes once when a "3s ago" in the status bar would change, and not otherwise.
  private func scheduleAgeWake() {
    ageWake?.cancel()
    let dates = [state.organizationSucceededAt, state.repositoriesSucceededAt].compactMap { $0 }
    guard !dates.isEmpty else { return }
    let delay = dates.map { AgeLabel.nextChange(since: $0, now: state.now) }.min()!
    let wake = DispatchWorkItem { [unowned self] in
      MainActor.assumeIsolated { self.handle(.tick(Date())) }
    }
    ageWake = wake
    DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: wake)
  }

  private func shutdown(code: Int32) -> Never {
    terminal.close()
    demo?.stop()
    exit(code)
  }
}
