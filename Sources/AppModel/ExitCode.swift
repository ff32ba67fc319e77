#if canImport(Glibc)
  import Glibc
#endif

/// How the program ends, as the shell sees it: every exit code it can return, in one place.
public struct ExitCode: RawRepresentable, Sendable, Hashable {
  /// The number the process exits with.
  public let rawValue: Int32

  /// An exit code from its number.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Done: the fetch succeeded (headless) or the user quit.
  public static let success = ExitCode(rawValue: 0)
  /// The fetch failed (headless), the cache could not be read or cleared, or `serve-demo` could
  /// not listen on its port.
  public static let failure = ExitCode(rawValue: 1)
  /// A usage error, or no usable terminal with `--interactive`.
  public static let usage = ExitCode(rawValue: 2)
  /// Standard output could not be written: 74, `EX_IOERR` of sysexits.h.
  public static let outputFailed = ExitCode(rawValue: 74)

  /// Ended by `signal`, as a shell reports it: 128 plus its number.
  public static func signal(_ number: Int32) -> ExitCode {
    ExitCode(rawValue: 128 + number)
  }

  /// The reader closed the pipe (`| head -1`): 141, as for a program ended by SIGPIPE.
  public static let brokenPipe = signal(SIGPIPE)
  /// The terminal hung up: 129, as for SIGHUP.
  public static let hangUp = signal(SIGHUP)
}
