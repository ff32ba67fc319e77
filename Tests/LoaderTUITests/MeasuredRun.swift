import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `loader-tui` and reports its peak memory, which `Process` does not.
///
/// The peak is the child's own `VmHWM` (`/proc/PID/status`, its address space's high-water
/// mark), read every 2 ms while it runs, until it has exited (it is reaped only then). Not
/// `wait4`'s `ru_maxrss`: `posix_spawn` starts the child in this process's address space
/// (`CLONE_VM`), and the kernel counts that one's size into the child's `ru_maxrss` at `exec`,
/// so a test process of 127 MB reported a child of 50 MB as 127 MB.
struct MeasuredRun {
  /// What it wrote to stdout.
  var stdout: String
  /// Its exit code, or 128 + the signal that ended it.
  var status: Int32
  /// Its peak resident set size, in bytes.
  var peakBytes: Int

  /// The stdout lines.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Runs the binary with `arguments`; stdin and stderr are /dev/null, stdout a file.
  static func run(_ arguments: [String]) throws -> MeasuredRun {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("measured-run-\(UUID())").path
    defer { unlink(output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let path = BinaryRun.binary.path
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // No token, and no config file of the user's.
    var environment = ProcessInfo.processInfo.environment.filter {
      $0.key != "GITHUB_TOKEN" && $0.key != "LOADER_TUI_CONFIG"
    }
    environment["XDG_CONFIG_HOME"] = output + "-config"
    // A cache of its own, as BinaryRun's: the run starts cold, and the user's cache is not
    // touched (a warm entry left by an earlier run would change what is measured).
    environment["XDG_CACHE_HOME"] = output + "-cache"
    defer { try? FileManager.default.removeItem(atPath: output + "-cache") }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    // The high-water mark only grows: the last reading before the exit is the peak, short of
    // what the last few milliseconds added.
    let peak = HighWaterMark(pid: pid)
    let sampler = Thread { peak.sampleUntilStopped() }
    sampler.start()
    var info = siginfo_t()
    // Exited, left unreaped (WNOWAIT), so the pid cannot name another process yet.
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    let peakBytes = peak.stop()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return MeasuredRun(
      stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      peakBytes: peakBytes)
  }
}

/// A running child's `VmHWM`, read every 2 ms until `stop()`.
private final class HighWaterMark: Sendable {
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
