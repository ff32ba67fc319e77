import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Turns signals into bytes on a pipe, so they are handled on the main queue and not inside a
/// signal handler. The handler itself only calls `write`, which is async-signal-safe.
enum SignalPipe {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
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
    writeEnd = fds[1]
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { caught in
        var byte = UInt8(truncatingIfNeeded: caught)
        _ = write(SignalPipe.writeEnd, &byte, 1)
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
      MainActor.assumeIsolated {
        for byte in buffer.prefix(count) { SignalPipe.handler?(Int32(byte)) }
      }
    }
    source.resume()
    self.source = source
  }
}
