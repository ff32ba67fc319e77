import AppCommandLine
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `loader-tui` binary, as a user would from a shell, and collects what it did:
/// with arguments (`run`), inside a bash script for the redirections a user types (`shell`), or
/// with its peak memory read while it runs (`measured`). Every run starts cold and alone: a
/// fresh cache and config directory, no token, no config file of the user's.
struct BinaryRun {
  /// What it wrote to stdout.
  var stdout: String
  /// What it wrote to stderr (empty for a measured run, whose stderr is /dev/null).
  var stderr: String
  /// Its exit status (a measured run's: 128 + the signal that ended it, if one did).
  var status: Int32
  /// Its peak resident set size in bytes, for a measured run; 0 otherwise.
  var peakBytes = 0

  /// Whether this test process runs under ThreadSanitizer or AddressSanitizer, as the binary it
  /// runs was built then: it starts many times slower, and measures memory otherwise.
  static var underSanitizer: Bool {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
  }

  /// The stdout lines.
  var lines: [String] { Self.lines(stdout) }
  /// The stderr lines.
  var errorLines: [String] { Self.lines(stderr) }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// The path of `loader-tui`, next to the test bundle.
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("loader-tui")
  }

  /// This process's environment for a run whose files go under `home`: a cache and a config
  /// directory of its own there, no token, no config file named, then `extra`.
  static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_TOKEN"] = nil
    environment[ConfigLocation.variable] = nil
    environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
    environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  /// A directory of its own for one run's files.
  private static func makeHome() throws -> URL {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID())")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    return home
  }

  /// Runs the binary with `arguments`; stdin is empty and stdout a pipe, never a terminal.
  /// A run still going `killedAfter` seconds in is ended by SIGKILL (its status then says so),
  /// for a test of a run that once hung: a bound so wide only a hang reaches it.
  static func run(
    _ arguments: [String], environment extra: [String: String] = [:],
    killedAfter limit: TimeInterval? = nil
  ) throws -> BinaryRun {
    let home = try makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment(home: home, extra)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    if let limit {
      // Not running once it is reaped: the pid names no other process while it is.
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
        if process.isRunning { kill(pid, SIGKILL) }
      }
    }
    // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
    let group = DispatchGroup()
    let collected = Collected()
    for (index, pipe) in [out, err].enumerated() {
      group.enter()
      DispatchQueue.global().async {
        collected.set(index, pipe.fileHandleForReading.readDataToEndOfFile())
        group.leave()
      }
    }
    group.wait()
    process.waitUntilExit()
    return BinaryRun(
      stdout: String(decoding: collected.get(0), as: UTF8.self),
      stderr: String(decoding: collected.get(1), as: UTF8.self),
      status: process.terminationStatus)
  }

  /// A headless fetch from the built-in server without delays, keeping its cache in
  /// `directory`, with `extra` arguments after.
  static func headless(cache directory: String, _ extra: [String] = []) throws -> BinaryRun {
    try run(["--headless", "--latency", "0", "--no-timestamps", "--cache-dir", directory] + extra)
  }

  /// Runs `script` with `bash -c`, `$BIN` naming the binary, for redirections a user types in
  /// a shell (`>/dev/full`, `>&-`, `| head -1`) that `Process` cannot express.
  static func shell(_ script: String) throws -> BinaryRun {
    let home = try makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    return try collect(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script],
      environment(home: home, ["BIN": binary.path]), home: home)
  }

  /// Runs `program` with stdin empty and stdout and stderr in files under `home`, read back
  /// at its end.
  private static func collect(
    _ program: URL, _ arguments: [String], _ environment: [String: String], home: URL
  ) throws -> BinaryRun {
    let outURL = home.appendingPathComponent("out")
    let errURL = home.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return BinaryRun(
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Runs the binary with `arguments` and reads its peak memory, which `Process` does not;
  /// stdin and stderr are /dev/null, stdout a file.
  ///
  /// The peak is the child's own `VmHWM` (`/proc/PID/status`, its address space's high-water
  /// mark), read every 2 ms while it runs, until it has exited (it is reaped only then). Not
  /// `wait4`'s `ru_maxrss`: `posix_spawn` starts the child in this process's address space
  /// (`CLONE_VM`), and the kernel counts that one's size into the child's `ru_maxrss` at
  /// `exec`, so a test process of 127 MB reported a child of 50 MB as 127 MB.
  static func measured(_ arguments: [String]) throws -> BinaryRun {
    let home = try makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let output = home.appendingPathComponent("out").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment(home: home).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, envp)
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
    return BinaryRun(
      stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "", stderr: "",
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, peakBytes: peakBytes)
  }
}

/// Both pipes' bytes, from the threads that read them.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var data = [Data(), Data()]
  func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
  func get(_ index: Int) -> Data { lock.withLock { data[index] } }
}

extension BinaryRun {
  /// Checks that the run ended with `status` and wrote exactly `stderr` to standard error.
  func assertEnded(
    with status: Int32, stderr: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(self.status, status, "the exit status", file: file, line: line)
    XCTAssertEqual(self.stderr, stderr, "standard error", file: file, line: line)
  }
}

extension XCTestCase {
  /// A directory path for one test's cache, removed when the test ends.
  func temporaryCacheDirectory() -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())")
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }
}

extension BinaryRun {
  /// Whether `unshare -rn` can start a program in a network namespace of its own (no interface
  /// up, nothing it sends leaves the machine): root, or user namespaces allowed.
  static let canRunWithoutNetwork: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-rn", "true"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()
}
