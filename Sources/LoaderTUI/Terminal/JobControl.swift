import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Stops the process as Ctrl-Z does in a shell, and returns once it is continued (`fg`).
enum JobControl {
  /// Set by the SIGCONT handler: an atomic, which a signal handler may store to.
  private static let continued = Atomic<Int32>(0)

  /// Whether a shell with job control can continue this process: its parent is in the same
  /// session, in another process group. Otherwise a stop would be refused, or never undone.
  static var canStop: Bool {
    let parent = getppid()
    return parent > 1 && getsid(parent) == getsid(0) && getpgid(parent) != getpgrp()
  }

  /// Stops the process group and waits until SIGCONT arrives (at most five seconds of running
  /// time, should the stop be refused after all).
  static func stop() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      JobControl.continued.store(1, ordering: .releasing)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_RESTART)
    var previous = sigaction()
    sigaction(SIGCONT, &action, &previous)
    defer { sigaction(SIGCONT, &previous, nil) }
    continued.store(0, ordering: .releasing)
    // Let this thread take SIGCONT, whose handler ends the wait.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGCONT)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &signals, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    // SIGSTOP, not SIGTSTP: it cannot be caught, ignored or blocked, so neither ncurses' own
    // SIGTSTP handling nor a thread's signal mask can delay or swallow the stop.
    kill(0, SIGSTOP)
    var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    for _ in 0..<5000 where continued.load(ordering: .acquiring) == 0 {
      nanosleep(&pause, nil)
    }
  }
}
