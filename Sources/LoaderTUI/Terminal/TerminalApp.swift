import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// The two-pane app on a real terminal: turns keys, resizes and signals into events for the
/// event loop, and returns its exit code.
@MainActor
final class TerminalApp {
  private let terminal: NcursesTerminal
  private let loop: AppLoop
  private var input: DispatchSourceRead?

  /// Starts ncurses and prepares the loop; throws when the terminal cannot be used.
  init(loaders: SharedLoaders, demo: DemoServer?, source: String, colors: Bool) throws {
    let terminal = try NcursesTerminal(colors: colors)
    self.terminal = terminal
    let state = AppState(
      now: Date(), size: terminal.size, source: source, org: loaders.configuration.org,
      host: loaders.hostDescription, timeout: loaders.configuration.timeout,
      canToggleOutage: demo != nil)
    loop = AppLoop(
      state: state, terminal: terminal, loaders: loaders.pair, scheduler: DispatchWakeScheduler(),
      clock: Date.init, setOutage: { demo?.outage = $0 })
  }

  /// Runs until the user quits or a signal ends the app; returns the exit code.
  func run() async -> Int32 {
    SignalPipe.handler = { [unowned self] in self.signal($0) }
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.readInput() } }
    input.resume()
    self.input = input
    if ProcessInfo.processInfo.environment["LOADER_TUI_CRASH_TEST"] == "trap" {
      // Test hook: a trap in Swift code after the first frame, to prove the terminal is restored.
      DispatchQueue.main.async { fatalError("LOADER_TUI_CRASH_TEST") }
    }
    let code = await loop.run()
    input.cancel()
    SignalPipe.handler = nil
    return code
  }

  private func readInput() {
    var terminalState = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let gone = Int16(POLLHUP | POLLERR | POLLNVAL)
    if poll(&terminalState, 1, 0) == 1, terminalState.revents & gone != 0 {
      loop.send(.stop(exitCode: 129))
      return
    }
    process(terminal.readInput())
  }

  /// Sends each input to the loop; returns whether one of them was a resize.
  @discardableResult
  private func process(_ inputs: [NcursesTerminal.Input]) -> Bool {
    var resized = false
    for input in inputs {
      switch input {
      case .key(let key): loop.send(.key(key))
      case .resize:
        resized = true
        loop.send(.resize(terminal.size))
      }
    }
    return resized
  }

  private func signal(_ number: Int32) {
    guard number == SIGWINCH else {
      loop.send(.stop(exitCode: 128 + number))
      return
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      terminal.resize(to: Size(columns: Int(size.ws_col), rows: Int(size.ws_row)))
    }
    // resizeterm queued a KEY_RESIZE; keys typed meanwhile are handled, not dropped.
    if !process(terminal.readInput()) { loop.send(.resize(terminal.size)) }
  }
}
