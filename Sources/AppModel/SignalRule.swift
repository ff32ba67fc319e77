#if canImport(Glibc)
  import Glibc
#endif

/// What the app does on a signal whose default would end or stop it: the one table the
/// signal handlers, the exit codes, the transcript's summary and the manual page read.
public struct SignalRule: Sendable, Equatable {
  /// What the signal does to a run.
  public enum Effect: Sendable, Equatable {
    /// Quits as `q` does (the terminal restored, the cache's last writes waited for, the
    /// headless summary printed), then ends the process by the signal itself, so a shell
    /// reports 128 plus its number.
    case quits
    /// Sent by another process to the terminal UI: gives the terminal back and stops as Ctrl-Z
    /// does; `fg` draws again at the size the terminal has then. The terminal's own (Ctrl-Z
    /// headless, a read or write in the background) stops the process as any program.
    case stops
    /// A crash: the terminal is restored at once, inside the handler, and the signal goes on
    /// to Swift's backtracer or the default action (a core dump).
    case crashes
  }

  /// The signal's name, as `kill -l` prints it with `SIG` before it.
  public let name: String
  /// Its number on this platform.
  public let number: Int32
  /// What it does to a run.
  public let effect: Effect
  /// When the rule holds, said for the manual page; `nil` when always.
  public let note: String?

  init(_ name: String, _ number: Int32, _ effect: Effect, note: String? = nil) {
    self.name = name
    self.number = number
    self.effect = effect
    self.note = note
  }

  /// Every rule, in the order the manual lists them. SIGKILL and SIGSTOP cannot be caught:
  /// they leave the terminal as the app had it (`reset` or `stty sane` gives it back).
  public static let all: [SignalRule] = [
    SignalRule("SIGINT", SIGINT, .quits),
    SignalRule("SIGTERM", SIGTERM, .quits),
    SignalRule("SIGHUP", SIGHUP, .quits),
    SignalRule("SIGQUIT", SIGQUIT, .quits),
    SignalRule("SIGUSR1", SIGUSR1, .quits),
    SignalRule("SIGUSR2", SIGUSR2, .quits),
    SignalRule("SIGALRM", SIGALRM, .quits),
    SignalRule("SIGVTALRM", SIGVTALRM, .quits),
    SignalRule("SIGPROF", SIGPROF, .quits),
    SignalRule("SIGXCPU", SIGXCPU, .quits),
    SignalRule("SIGXFSZ", SIGXFSZ, .quits),
    SignalRule(
      "SIGPIPE", SIGPIPE, .quits,
      note: "sent by another process; a write to a closed pipe fails instead (exit code 141)"),
    SignalRule("SIGTSTP", SIGTSTP, .stops),
    SignalRule("SIGTTIN", SIGTTIN, .stops),
    SignalRule("SIGTTOU", SIGTTOU, .stops),
    SignalRule("SIGSEGV", SIGSEGV, .crashes),
    SignalRule("SIGBUS", SIGBUS, .crashes),
    SignalRule("SIGILL", SIGILL, .crashes),
    SignalRule("SIGTRAP", SIGTRAP, .crashes),
    SignalRule("SIGFPE", SIGFPE, .crashes),
    SignalRule("SIGABRT", SIGABRT, .crashes),
  ]

  /// The numbers of the signals with `effect`.
  public static func numbers(_ effect: Effect) -> [Int32] {
    all.filter { $0.effect == effect }.map(\.number)
  }

  /// The rule for signal `number`, if it has one.
  public static func rule(_ number: Int32) -> SignalRule? {
    all.first { $0.number == number }
  }
}

extension ExitCode {
  /// The rule of the signal that ended a run with this code (128 plus its number), if one
  /// quits the app.
  public var quittingSignal: SignalRule? {
    guard let rule = SignalRule.rule(rawValue - 128), rule.effect == .quits else { return nil }
    return rule
  }
}
