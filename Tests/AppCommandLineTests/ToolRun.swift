import Foundation

/// Runs a program the tests check generated text with (bash, zsh, fish, mandoc), as a shell
/// would, and collects what it printed.
struct ToolRun {
  /// What it wrote to standard output.
  var stdout: String
  /// What it wrote to standard error.
  var stderr: String
  /// Its exit status.
  var status: Int32

  /// The standard output's lines.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// The path of `name` in `PATH` (or the usual directories), `nil` when it is not installed.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `program` with `arguments`, standard input `input`; `HOME` is a fresh directory.
  static func run(_ program: String, _ arguments: [String], input: String = "") throws -> ToolRun {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID())")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
    environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
    environment["LC_ALL"] = "C.UTF-8"
    process.environment = environment
    let files = ["out", "err", "in"].map { home.appendingPathComponent($0) }
    try Data(input.utf8).write(to: files[2])
    for file in files.prefix(2) {
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    }
    let out = try FileHandle(forWritingTo: files[0])
    let err = try FileHandle(forWritingTo: files[1])
    process.standardOutput = out
    process.standardError = err
    process.standardInput = try FileHandle(forReadingFrom: files[2])
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ToolRun(
      stdout: String(decoding: try Data(contentsOf: files[0]), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: files[1]), as: UTF8.self),
      status: process.terminationStatus)
  }
}
