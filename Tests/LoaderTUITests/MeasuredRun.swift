import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `loader-tui` and reports its peak memory, which `Process` does not: the
/// child is spawned and reaped here, with `wait4`.
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
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return MeasuredRun(
      stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      peakBytes: usage.ru_maxrss * 1_024)
  }
}
