import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns signals into bytes on a pipe, so they are handled on the main queue and not inside a
/// signal handler. The handler itself only loads an atomic and calls `write`, both
/// async-signal-safe.
enum SignalPipe {
  /// The pipe's write end, stored before any handler is installed.
  private static let writeEnd = Atomic<Int32>(-1)
  @MainActor private static var source: DispatchSourceRead?

  /// What runs, on the main queue, for each signal caught; set by the mode that is running.
  @MainActor static var handler: ((Int32) -> Void)?

  /// Installs handlers for `signals` once per process. Install before ncurses starts, so
  /// ncurses leaves these signals to us.
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
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { caught in
        var byte = UInt8(truncatingIfNeeded: caught)
        _ = write(SignalPipe.writeEnd.load(ordering: .acquiring), &byte, 1)
      }
      action.sa_flags = Int32(SA_RESTART)
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
        for number in caught { SignalPipe.handler?(number) }
      }
    }
    source.resume()
    self.source = source
  }
}
