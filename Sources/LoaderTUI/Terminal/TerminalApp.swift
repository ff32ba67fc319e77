import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// The two-pane app on a real terminal: reads the terminal's bytes and decodes them itself,
/// turns keys, pastes, mouse reports, resizes and signals into events for the event loop, and
/// returns its exit code.
@MainActor
final class TerminalApp {
  private let terminal: NcursesTerminal
  private let loop: AppLoop
  private var input: DispatchSourceRead?
  private var decoder = InputDecoder()
  private var flush: DispatchWorkItem?

  /// Starts ncurses and prepares the loop; throws when the terminal cannot be used.
  init(
    loaders: SharedLoaders, demo: DemoServer?, source: String, colors: Bool, mouse: Bool,
    ascii: Bool
  ) throws {
    let terminal = try NcursesTerminal(colors: colors, mouse: mouse)
    self.terminal = terminal
    var state = AppState(
      now: Date(), size: terminal.size, source: source, org: loaders.configuration.org,
      host: loaders.hostDescription, timeout: loaders.configuration.timeout,
      canToggleOutage: demo != nil)
    state.advice = CommandLineAdvice.errors
    state.asciiOnly = ascii || !terminal.isUTF8
    loop = AppLoop(
      state: state, terminal: terminal, loaders: loaders.pair, scheduler: DispatchWakeScheduler(),
      clock: Date.init, setOutage: { demo?.outage = $0 },
      openURL: { BrowserOpener.open($0, environment: ProcessInfo.processInfo.environment) },
      requests: loaders.requestEvents, sanitizer: loaders.sanitizer,
      details: loaders.repositoryDetails)
  }

  /// Runs until the user quits or a signal ends the app; returns the exit code.
  func run() async -> Int32 {
    SignalPipe.handler = { [weak self] in self?.signal($0) }
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readInput() } }
    input.resume()
    self.input = input
    if ProcessInfo.processInfo.environment["LOADER_TUI_CRASH_TEST"] == "trap" {
      // Test hook: a trap in Swift code after the first frame, to prove the terminal is restored.
      DispatchQueue.main.async { fatalError("LOADER_TUI_CRASH_TEST") }
    }
    let code = await loop.run()
    input.cancel()
    flush?.cancel()
    SignalPipe.handler = nil
    return code
  }

  private func readInput() {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
      // The terminal hung up.
      input?.cancel()
      loop.send(.stop(exitCode: 129))
      return
    }
    guard count > 0 else { return }
    deliver(decoder.feed(bytes.prefix(count)))
  }

  /// Sends decoded input to the loop, and waits for the rest of an unfinished sequence.
  private func deliver(_ events: [InputEvent]) {
    flush?.cancel()
    flush = nil
    for event in events {
      switch event {
      case .key(let key): loop.send(.key(key))
      case .paste(let text): loop.send(.paste(text))
      case .mouse(let mouse): loop.send(.mouse(mouse))
      }
    }
    guard let timeout = decoder.pendingTimeout else { return }
    let item = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.deliver(self.decoder.flush())
      }
    }
    flush = item
    DispatchQueue.main.asyncAfter(deadline: .now() + timeout, execute: item)
  }

  private func signal(_ number: Int32) {
    guard number == SIGWINCH else {
      loop.send(.stop(exitCode: 128 + number))
      return
    }
    if let size = NcursesTerminal.currentSize() { terminal.resize(to: size) }
    loop.send(.resize(terminal.size))
  }
}
