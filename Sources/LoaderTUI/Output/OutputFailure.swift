import AppModel

#if canImport(Glibc)
  import Glibc
#endif

/// Why a line could not be written to standard output, and how the run ends because of it.
struct OutputFailure: Error, Sendable, Equatable {
  /// The `errno` of the failed write, or 0 when standard output was closed at start.
  var errorNumber: Int32

  /// Standard output was closed before the program started (`>&-`).
  static let closed = OutputFailure(errorNumber: 0)

  /// The reader closed the pipe: an ordinary way for output to end, so nothing is said.
  var isBrokenPipe: Bool { errorNumber == EPIPE }

  /// The exit code the run ends with: quietly as for SIGPIPE when the reader went away
  /// (`| head -1`), else `EX_IOERR`.
  var exitCode: ExitCode { isBrokenPipe ? .brokenPipe : .outputFailed }

  /// The one line for stderr, or nil when the failure ends the run quietly.
  var message: String? {
    if isBrokenPipe { return nil }
    if errorNumber == 0 {
      return
        "loader-tui: standard output is closed; give it a file or a pipe (>out.txt, or >/dev/null to discard it)."
    }
    let reason = String(cString: strerror(errorNumber))
    let advice: String
    switch errorNumber {
    case ENOSPC, EDQUOT: advice = "free some space or send the output elsewhere"
    case EBADF: advice = "give standard output a file or a pipe open for writing"
    default: advice = "check where standard output goes, or send it elsewhere"
    }
    return "loader-tui: cannot write to standard output (\(reason)); \(advice)."
  }

  /// Says what failed on stderr (unless the pipe was closed) and returns the exit code.
  func report() -> ExitCode {
    if let message { StandardOutput.error(message) }
    return exitCode
  }
}
