import AppModel

#if canImport(Glibc)
  import Glibc
#endif

/// Unbuffered, line-at-a-time output, so a pipe sees each line as it happens; a line that
/// cannot be written is an error the caller ends the run with.
enum StandardOutput {
  /// Whether standard output was closed when the program started; reading it the first time
  /// prepares the descriptors (`prepare()`).
  static let closedAtStart: Bool = {
    signal(SIGPIPE, SIG_IGN)
    var closed = false
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
      guard errno == EBADF else { continue }
      if fd == STDOUT_FILENO { closed = true }
      let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0, null != fd {
        dup2(null, fd)
        close(null)
      }
    }
    return closed
  }()

  /// Run first thing in `main`: makes a write to a closed pipe fail with EPIPE instead of
  /// killing the process, and gives each closed descriptor among 0, 1 and 2 to /dev/null, so
  /// no file or pipe the program opens later becomes its standard output by accident. A closed
  /// standard output is remembered, and the first line written to it fails.
  static func prepare() {
    _ = closedAtStart
  }

  /// Writes a line to standard output; throws when it did not get there whole.
  static func line(_ text: String) throws(OutputFailure) {
    if closedAtStart { throw .closed }
    try write(text + "\n", to: STDOUT_FILENO)
  }

  /// Writes `text`, which ends its own lines, to standard output; throws when it did not get
  /// there whole.
  static func text(_ text: String) throws(OutputFailure) {
    if closedAtStart { throw .closed }
    try write(text, to: STDOUT_FILENO)
  }

  /// Writes a line to standard error; failures are ignored, as there is nowhere to report them.
  static func error(_ text: String) {
    try? write(text + "\n", to: STDERR_FILENO)
  }

  /// Runs `body` (which writes to standard output) and returns 0, or the failure's exit code
  /// after saying on stderr what failed.
  static func exitCode(_ body: () throws(OutputFailure) -> Void) -> ExitCode {
    do {
      try body()
      return .success
    } catch {
      return error.report()
    }
  }

  /// Writes all of `text` to `fd`, retrying after signals and waiting while a non-blocking
  /// descriptor is full.
  static func write(_ text: String, to fd: Int32) throws(OutputFailure) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      let number = written == 0 ? EIO : errno
      switch number {
      case EINTR: continue
      case EAGAIN:
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&poller, 1, -1)
      default: throw OutputFailure(errorNumber: number)
      }
    }
  }
}
