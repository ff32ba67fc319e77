import AppModel
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns signals into bytes on a pipe, so they are handled on the main queue and not inside a
/// signal handler: every signal that quits or stops the app (`SignalRule`) takes this one way,
/// through the loop, which restores the terminal as `q` does. The handler only loads atomics
/// and calls `write`, `getpid`, `sigaction` and `raise`, all async-signal-safe.
enum SignalPipe {
  /// The pipe's write end, stored before any handler is installed.
  private static let writeEnd = Atomic<Int32>(-1)
  /// Whether the terminal UI holds the terminal, and so gives it back before a job-control
  /// stop another process sent; otherwise such a signal stops the process by default.
  private static let suspendsItself = Atomic<Bool>(false)
  @MainActor private static var source: DispatchSourceRead?
  /// The signals that quit which the main queue took, for `end(_:)`.
  @MainActor private static var received: Set<Int32> = []

  /// What runs, on the main queue, for each signal caught; set by the mode that is running.
  @MainActor static var handler: ((Int32) -> Void)?

  /// Installs handlers for `signals` once per process. Install before ncurses starts, so
  /// ncurses leaves these signals to us (SIGTSTP included).
  @MainActor
  static func install(_ signals: [Int32]) {
    guard source == nil else { return }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    writeEnd.store(fds[1], ordering: .releasing)
    let stops = SignalRule.numbers(.stops)
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { caught, info, _ in
        SignalPipe.take(caught, info)
      }
      // A stop by default raises the signal again inside its own handler.
      action.sa_flags = Int32(SA_RESTART | SA_SIGINFO) | (stops.contains(number) ? SA_NODEFER : 0)
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
    let readEnd = fds[0]
    let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .main)
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { return }
      let caught = buffer.prefix(count).map { Int32($0) }
      DispatchQueue.main.async {
        for number in caught {
          if SignalRule.rule(number)?.effect == .quits { received.insert(number) }
          SignalPipe.handler?(number)
        }
      }
    }
    source.resume()
    self.source = source
  }

  /// Whether job-control signals from other processes reach `handler` (the terminal UI then
  /// suspends as Ctrl-Z does), instead of stopping the process at once.
  static func suspendsItself(_ on: Bool) {
    suspendsItself.store(on, ordering: .releasing)
  }

  /// Ends the process with `code`: by the signal itself when one that quits ended the run,
  /// with its default action, so the shell and any parent see it as that signal's end.
  @MainActor
  static func end(_ code: ExitCode) -> Never {
    if let rule = code.quittingSignal, received.contains(rule.number) {
      signal(rule.number, SIG_DFL)
      var set = sigset_t()
      sigemptyset(&set)
      sigaddset(&set, rule.number)
      pthread_sigmask(SIG_UNBLOCK, &set, nil)
      raise(rule.number)
    }
    _exit(code.rawValue)
  }

  // MARK: - In the handler

  /// Handles signal `number`, inside its handler.
  private static func take(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?) {
    // SI_USER, SI_QUEUE and SI_TKILL are zero or less: a process sent it, with its ID.
    let sender = info.map { $0.pointee.si_code <= 0 ? $0.pointee._sifields._kill.si_pid : 0 }
    let fromElsewhere = (sender ?? 0) != 0 && sender != getpid()
    switch number {
    case SIGPIPE where !fromElsewhere:
      // This process wrote to a closed pipe or socket: the write fails with EPIPE, and says so.
      return
    case SIGTSTP, SIGTTIN, SIGTTOU:
      // The terminal's own, or while nothing holds the terminal: stop as any program does.
      guard fromElsewhere, suspendsItself.load(ordering: .acquiring) else {
        return stopByDefault(number)
      }
    default: break
    }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(writeEnd.load(ordering: .acquiring), &byte, 1)
  }

  /// Stops the process with `number`'s default action, then handles it again once continued.
  private static func stopByDefault(_ number: Int32) {
    var byDefault = sigaction()
    sigemptyset(&byDefault.sa_mask)
    var ours = sigaction()
    sigaction(number, &byDefault, &ours)
    raise(number)
    sigaction(number, &ours, nil)
  }
}
