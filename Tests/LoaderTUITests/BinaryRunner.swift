import AppCommandLine
import Foundation

/// Runs the built `loader-tui` binary, as a user would from a shell, and collects what it did.
struct BinaryRun {
  var stdout: String
  var stderr: String
  var status: Int32

  /// The stdout lines.
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// The path of `loader-tui`, next to the test bundle.
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("loader-tui")
  }

  /// Runs the binary with `arguments`; stdin is empty and stdout a pipe, never a terminal.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRun {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["GITHUB_TOKEN"] = nil
    // A fresh cache for every run: a cold start, and nothing written to the user's cache; a
    // fresh config directory, so no run reads the user's config file.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    env["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
    env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
    env[ConfigLocation.variable] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
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
}

private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var data = [Data(), Data()]
  func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
  func get(_ index: Int) -> Data { lock.withLock { data[index] } }
}
