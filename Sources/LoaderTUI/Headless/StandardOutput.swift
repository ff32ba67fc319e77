import ApexyLoader
import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Unbuffered, line-at-a-time output, so a pipe sees each line as it happens.
enum StandardOutput {
  /// Writes a line to standard output.
  static func line(_ text: String) {
    write(STDOUT_FILENO, text + "\n")
  }

  /// Writes a line to standard error.
  static func error(_ text: String) {
    write(STDERR_FILENO, text + "\n")
  }

  private static func write(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
