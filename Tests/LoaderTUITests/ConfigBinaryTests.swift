import Foundation
import XCTest

@testable import AppCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// The config file as a user meets it: the app starts with what it says, the command line
/// wins, and a bad line or a file others could write stops the start with one line (exit 2).
final class ConfigBinaryTests: XCTestCase {
  private var home: URL!
  private var config: URL { home.appendingPathComponent("loader-tui/config") }

  override func setUpWithError() throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID())")
    try FileManager.default.createDirectory(
      at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: home)
  }

  /// Writes the config file, mode 0600 unless `mode` says otherwise.
  private func write(_ text: String, mode: Int = 0o600) throws {
    try text.write(to: config, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: config.path)
  }

  private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRun {
    try BinaryRun.run(
      arguments, environment: ["XDG_CONFIG_HOME": home.path].merging(environment) { $1 })
  }

  func testTheAppStartsWithTheOrganizationTheFileNames() throws {
    try write("# set once\n--org apple\n--headless\n--latency 0\n--no-timestamps\n--trace\n")
    let run = try run([])
    XCTAssertTrue(run.stdout.contains("GET /orgs/apple "), run.stdout)
    XCTAssertTrue(run.stdout.contains("Organization \"apple\" was not found"), run.stdout)
    XCTAssertEqual(run.status, 1, "the built-in server has only RedMadRobot")
    let mine = try self.run(["--org", "RedMadRobot"])
    XCTAssertEqual(mine.status, 0, mine.stderr)
    XCTAssertTrue(mine.stdout.contains("GET /orgs/RedMadRobot "), mine.stdout)
    XCTAssertTrue(mine.stdout.hasSuffix("success: Red Mad Robot with 36 repositories\n"))
  }

  /// The file says --github; the command line's built-in server flags win instead of
  /// conflicting with it.
  func testTheCommandLineWinsOverWhatTheFileChose() throws {
    try write("--github\n--org RedMadRobot\n--headless\n--no-timestamps\n")
    let run = try run(["--latency", "0"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
  }

  func testABadLineNamesTheFileAndLine() throws {
    try write("--org apple\n\n--latncy 0\n")
    let run = try run(["--headless"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderr, "loader-tui: \(config.path):3: unknown flag --latncy; did you mean --latency?\n")
    XCTAssertEqual(try self.run(["--no-config", "--headless", "--latency", "0"]).status, 0)
  }

  func testATokenInTheFileIsRefusedAndNotRepeated() throws {
    let secret = "ghp_" + String(repeating: "Z9y8", count: 9)
    try write("GITHUB_TOKEN=\(secret)\n")
    let run = try run(["--headless", "--latency", "0"])
    XCTAssertEqual(run.status, 2)
    XCTAssertFalse(run.stderr.contains(secret))
    XCTAssertTrue(run.stderr.hasPrefix("loader-tui: \(config.path):1: a token does not belong"))
  }

  func testAFileOthersCanWriteIsRefused() throws {
    try write("--headless\n", mode: 0o664)
    try run(["--latency", "0"]).assertEnded(
      with: 2,
      stderr: "loader-tui: refusing the config file \(config.path): its group can write to it"
        + " (mode 664); run chmod go-w \(config.path), or start with --no-config.\n")
    XCTAssertEqual(try self.run(["--no-config", "--headless", "--latency", "0"]).status, 0)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
    XCTAssertEqual(try self.run(["--latency", "0"]).status, 0, "chmod go-w fixes it")
  }

  func testAFileOfAnotherUserIsRefused() throws {
    guard geteuid() == 0 else { throw XCTSkip("giving the file to another user needs root") }
    try write("--headless\n")
    XCTAssertEqual(chown(config.path, 65_534, 65_534), 0)
    try run(["--latency", "0"]).assertEnded(
      with: 2,
      stderr: "loader-tui: refusing the config file \(config.path): it belongs to another user"
        + " (uid 65534); make it yours or remove it, or start with --no-config.\n")
  }

  func testTheVariableNamesAnotherFile() throws {
    let other = home.appendingPathComponent("other")
    try "--org apple\n--headless\n--latency 0\n--trace\n".write(
      to: other, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: other.path)
    let run = try run([], environment: ["LOADER_TUI_CONFIG": other.path])
    XCTAssertTrue(run.stdout.contains("GET /orgs/apple "), run.stdout)
    let missing = try self.run([], environment: ["LOADER_TUI_CONFIG": other.path + "-gone"])
    XCTAssertEqual(missing.status, 2)
    XCTAssertEqual(
      missing.stderr,
      "loader-tui: LOADER_TUI_CONFIG names \(other.path)-gone, which does not exist; fix the"
        + " variable or unset it.\n")
  }

  func testCacheCommandsUseTheFilesCacheDirectory() throws {
    let cache = home.appendingPathComponent("my cache")
    try write("--cache-dir \(cache.path)\n--github\n")
    let run = try run(["cache", "info"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix("Cache: \(cache.path) "), run.stdout)
  }

  func testCompletionsAndManualPrintTheGeneratedText() throws {
    for shell in Shell.allCases {
      let run = try run(["completions", shell.rawValue])
      XCTAssertEqual(run.status, 0)
      XCTAssertEqual(run.stdout, Completions.script(for: shell))
    }
    let manual = try run(["manual"])
    XCTAssertEqual(manual.stdout, ManualPage.text)
    XCTAssertEqual(manual.status, 0)
    let bad = try run(["completions", "tcsh"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(
      bad.stderr,
      "loader-tui: completions knows bash, zsh and fish, not \"tcsh\": loader-tui completions "
        + "bash|zsh|fish.\n")
  }
}
