import Foundation
import XCTest

/// What a newcomer types one step off the paths the other tests walk: an owner named twice, a
/// flag of the terminal app given to a headless run, a server whose pages never end.
final class OffThePathTests: XCTestCase {
  private let base = ["--headless", "--latency", "0", "--no-timestamps", "--no-cache"]

  func testAnOwnerNamedTwiceIsLoadedOnceAndTheRunExits() throws {
    let cases: [[String]] = [
      ["--owner", "alice,alice"], ["--owner", "alice", "--owner", "ALICE"],
      ["--org", "RedMadRobot", "--owner", "redmadrobot"], ["--user", "alice", "--owner", "Alice"],
    ]
    for owners in cases {
      // It once waited forever for a second `done`: killed then, long after any loaded machine
      // (or a sanitized binary) ends a run, it fails on its status.
      let run = try BinaryRun.run(base + owners, killedAfter: 120)
      XCTAssertEqual(run.status, 0, "\(owners): \(run.stderr)")
      XCTAssertEqual(run.lines.filter { $0.contains("done: ") }.count, 1, "\(owners): \(run.lines)")
      XCTAssertEqual(
        run.lines.filter { $0.contains("repositories Success") }.count, 1, "loaded once")
    }
  }

  func testAnOwnerNamedAsTwoKindsIsAUsageError() throws {
    let run = try BinaryRun.run(base + ["--org", "alice", "--user", "ALICE"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(
      run.stderr,
      "loader-tui: ALICE is named both as an organization and as a user; name it once, with "
        + "--org, --user or --owner.\n")
  }

  func testRefreshInAHeadlessRunIsAUsageErrorNotIgnored() throws {
    let run = try BinaryRun.run(base + ["--refresh", "2"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(
      run.stderr,
      "loader-tui: --refresh revalidates while the terminal app stays open; a headless run ends "
        + "after its rounds: use --rounds N, or leave out one of them.\n")
  }

  func testPagesThatNeverEndStopAtTheFirstEmptyOneSayingWhy() throws {
    // carol has no repositories: her first page is empty, and links on forever.
    let run = try BinaryRun.run(
      base + ["--trace", "--owner", "carol", "--fail", "repos", "--fail-mode", "endless-pages"])
    XCTAssertEqual(run.status, 1)
    let requests = run.lines.filter { $0.hasPrefix("request") && $0.contains("in flight") }
    XCTAssertLessThanOrEqual(requests.count, 3, "\(requests)")
    // The page after the empty one may have been asked for already (it is fetched while the
    // page before decodes), never one more.
    XCTAssertTrue(
      run.stderr.hasPrefix(
        "loader-tui: Pagination stopped: page 1 was empty but linked to another, so the list "
          + "would not end. Stopped after "), run.stderr)
    XCTAssertEqual(run.errorLines.count, 1, run.stderr)
    // An owner with pages of rows first: the walk stops at the first page that adds nothing.
    let rows = try BinaryRun.run(
      base + ["--trace", "--fail", "repos", "--fail-mode", "endless-pages"])
    XCTAssertEqual(rows.status, 1)
    XCTAssertTrue(rows.stderr.contains("page 5 was empty but linked to another"), rows.stderr)
    let pages = rows.lines.filter { $0.contains("/repos?") && $0.contains("in flight") }
    XCTAssertLessThanOrEqual(pages.count, 6, "at most one page past the empty one: \(pages)")
  }

  func testCacheClearOnAFileFailsAsCacheInfoDoes() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())")
    try Data("not a directory".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let info = try BinaryRun.run(["cache", "info", "--cache-dir", file.path])
    let clear = try BinaryRun.run(["cache", "clear", "--cache-dir", file.path])
    XCTAssertEqual(info.status, 1)
    XCTAssertEqual(clear.status, 1)
    XCTAssertEqual(
      clear.stderr,
      "loader-tui: cannot use \(file.path) as the cache: it is a file, not a directory; give "
        + "--cache-dir a directory.\n")
    XCTAssertEqual(clear.stderr, info.stderr)
    XCTAssertEqual(clear.stdout, "", "no \"Removed 0 entries\"")
  }

  func testATokenFileOthersCanReadIsWarnedOf() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID())")
    try Data("ghp_0123456789abcdef\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let open = try BinaryRun.run(base + ["--token-file", file.path])
    XCTAssertEqual(open.status, 0, open.stderr)
    XCTAssertEqual(
      open.stderr,
      "loader-tui: warning: the token file \(file.path) can be read by others (mode 0644); "
        + "chmod 600 \(file.path).\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    let closed = try BinaryRun.run(base + ["--token-file", file.path])
    XCTAssertEqual(closed.stderr, "", "no warning for a file only its owner reads")
  }
}
