import AppModel

#if canImport(Glibc)
  import Glibc
#endif

/// The exit codes help and the manual list, each with what it means.
public enum ExitCodeTable {
  /// The codes, in the order they are listed.
  public static let all: [(codes: [ExitCode], meaning: String)] = [
    ([.success], "success"),
    (
      [.failure],
      "the fetch failed (headless), the cache could not be read or cleared, or serve-demo could"
        + " not listen on its port"
    ),
    (
      [.usage],
      "usage error (command line or config file), or no usable terminal with --interactive"
    ),
    ([.outputFailed], "standard output could not be written (closed, disk full)"),
    ([.brokenPipe], "the reader closed the pipe (| head -1); nothing is printed"),
    (
      SignalRule.all.filter { $0.effect == .quits }.prefix(4).map { .signal($0.number) },
      "ended by SIGINT, SIGTERM, SIGHUP, SIGQUIT (128+N for another signal N that quits),"
        + " after restoring the terminal"
    ),
  ]
}
