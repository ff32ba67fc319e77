import Foundation

/// Runs a bash script in which `$BIN` is the built `loader-tui`, for redirections a user types
/// in a shell (`>/dev/full`, `>&-`, `| head -1`) that `Process` cannot express.
struct ShellRun {
  /// What the script wrote to its stdout.
  var stdout: String
  /// What the script (and `$BIN` in it) wrote to stderr.
  var stderr: String
  /// The script's exit status.
  var status: Int32

  /// The stderr lines.
  var errorLines: [String] {
    stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Runs `script` with `bash -c`; stdin is empty, stdout and stderr go to files read back.
  static func run(_ script: String) throws -> ShellRun {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("shell-run-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("out")
    let errURL = directory.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_TOKEN"] = nil
    environment["BIN"] = BinaryRun.binary.path
    // A fresh cache for every script: cold starts, and nothing written to the user's cache;
    // and no config file of the user's.
    environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
    environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
    environment["LOADER_TUI_CONFIG"] = nil
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ShellRun(
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      status: process.terminationStatus)
  }
}
