import AppFormats
import AppModel
import AppRuntime
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's input for the loop: reads its bytes and decodes them itself, and turns keys,
/// pastes, mouse reports, resizes and signals into events.
@MainActor
final class TerminalInput {
  private let terminal: NcursesTerminal
  private let loop: AppLoop
  private var source: DispatchSourceRead?
  private var decoder = InputDecoder()
  /// Counts the bytes read: a pending sequence is flushed only when nothing came after it.
  private var reads = 0

  /// Input for `loop` from standard input, sized by `terminal`.
  init(terminal: NcursesTerminal, loop: AppLoop) {
    self.terminal = terminal
    self.loop = loop
  }

  /// Starts reading standard input and taking signals.
  func start() {
    SignalPipe.handler = { [weak self] in self?.signal($0) }
    SignalPipe.suspendsItself(true)
    let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    source.setEventHandler {
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = read(STDIN_FILENO, &bytes, bytes.count)
      let failed = count < 0 && errno != EINTR && errno != EAGAIN
      let chunk = Array(bytes.prefix(max(0, count)))
      DispatchQueue.main.async { [weak self] in
        self?.take(chunk, hungUp: count == 0 || failed)
      }
    }
    source.resume()
    self.source = source
  }

  /// Stops reading.
  func stop() {
    source?.cancel()
    source = nil
    SignalPipe.suspendsItself(false)
    SignalPipe.handler = nil
  }

  private func take(_ bytes: [UInt8], hungUp: Bool) {
    if hungUp {
      // The terminal hung up.
      source?.cancel()
      loop.send(.stop(.hangUp))
      return
    }
    guard !bytes.isEmpty else { return }
    reads &+= 1
    deliver(decoder.feed(bytes[...]))
  }

  /// Sends decoded input to the loop, and waits for the rest of an unfinished sequence.
  private func deliver(_ events: [InputEvent]) {
    for event in events {
      switch event {
      case .key(let key): loop.send(.key(key))
      case .paste(let text): loop.send(.paste(text))
      case .mouse(let mouse): loop.send(.mouse(mouse))
      }
    }
    guard let timeout = decoder.pendingTimeout else { return }
    let waitingFor = reads
    DispatchQueue.main.asyncAfter(deadline: .now() + timeout) { [weak self] in
      guard let self, self.reads == waitingFor else { return }
      self.deliver(self.decoder.flush())
    }
  }

  private func signal(_ number: Int32) {
    switch SignalRule.rule(number)?.effect {
    case .quits?: return loop.send(.stop(.signal(number)))
    // Another process's SIGTSTP (or SIGTTIN, SIGTTOU) does what Ctrl-Z does.
    case .stops?: return loop.send(.action(.suspend))
    case .crashes?, nil: break
    }
    if let size = NcursesTerminal.currentSize() { terminal.resize(to: size) }
    loop.send(.resize(terminal.size))
  }
}
