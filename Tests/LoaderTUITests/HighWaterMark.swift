import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// A running child's `VmHWM`, read every 2 ms until `stop()`.
final class HighWaterMark: Sendable {
  private let path: String
  private let state = Locked((highest: 0, stopped: false))
  private let finished = DispatchSemaphore(value: 0)

  init(pid: pid_t) { path = "/proc/\(pid)/status" }

  /// Reads until `stop()`; called on a thread of its own.
  func sampleUntilStopped() {
    while !state.withLock({ $0.stopped }) {
      if let bytes = Self.read(path) { state.withLock { $0.highest = max($0.highest, bytes) } }
      usleep(2_000)
    }
    finished.signal()
  }

  /// Stops the sampling (the child has exited); the highest reading, in bytes.
  func stop() -> Int {
    state.withLock { $0.stopped = true }
    finished.wait()
    return state.withLock { $0.highest }
  }

  /// `VmHWM` of the status file at `path`, in bytes; `nil` once the process has no memory.
  private static func read(_ path: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1_024 }
    }
    return nil
  }
}
