import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

/// Every bad response, for each route, on the first fetch (no cache) and on a fetch after a
/// success (cache kept): headless exit code 1, one clear line naming the cause.
final class BadResponseTests: XCTestCase {
  private let cache =
    "showing Red Mad Robot: 36 cached repositories (Apexy, input-mask-ios, input-mask-android, …)"

  /// When a request fails: on the first fetch (no cache), on a fetch after a success (cache).
  private enum Moment {
    case firstFetch, afterSuccess
  }

  /// Runs `mode` against `route` twice (unless `moments` says otherwise): failing at once, and
  /// failing in round 2.
  private func assertFails(
    _ mode: String, _ route: String, says expected: String, extra: [String] = [],
    moments: Set<Moment> = [.firstFetch, .afterSuccess],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    // Each failure as it ends a load: retrying is off, so the transient ones end at once.
    let base =
      ["--headless", "--latency", "0", "--no-timestamps", "--retries", "0", "--fail-mode", mode]
      + extra
    if moments.contains(.firstFetch) {
      try assertFailsFirst(base, route, says: expected, file: file, line: line)
    }
    guard moments.contains(.afterSuccess) else { return }
    let second = try BinaryRun.run(base + ["--rounds", "2", "--fail", "\(route),round=2"])
    XCTAssertEqual(second.status, 1, "\(mode) \(route) after success", file: file, line: line)
    let merged = second.lines.last { $0.hasPrefix("merged       Failure: ") } ?? ""
    XCTAssertTrue(merged.contains(expected), merged, file: file, line: line)
    XCTAssertTrue(merged.hasSuffix(cache), "the cache is kept: \(merged)", file: file, line: line)
  }

  private func assertFailsFirst(
    _ base: [String], _ route: String, says expected: String, file: StaticString, line: UInt
  ) throws {
    let first = try BinaryRun.run(base + ["--fail", route])
    XCTAssertEqual(first.status, 1, "\(base) \(route) first fetch", file: file, line: line)
    let summary = first.lines.last ?? ""
    XCTAssertTrue(summary.hasPrefix("done: 1 round, failure: "), summary, file: file, line: line)
    XCTAssertTrue(
      summary.contains(expected), "\(summary) lacks \(expected)", file: file, line: line)
    XCTAssertTrue(
      first.lines.contains {
        // Nothing from before: "nothing cached", or what a load stopped part-way read.
        $0.hasPrefix("merged       Failure: ")
          && ($0.hasSuffix("; nothing cached") || $0.contains(" read)"))
      },
      "\(first.lines)", file: file, line: line)
    XCTAssertEqual(
      first.stderr.split(separator: "\n").count, 1, first.stderr, file: file, line: line)
  }

  private func bothRoutes(_ mode: String, says expected: String, extra: [String] = []) throws {
    try assertFails(mode, "org", says: expected, extra: extra)
    try assertFails(mode, "repos", says: expected, extra: extra)
  }

  func test404SaysTheOrganizationDoesNotExist() throws {
    try bothRoutes(
      "404",
      says: "Organization \"RedMadRobot\" was not found: it does not exist, is private or is a user"
    )
  }

  /// The built-in server is sent no token, so the lines say how to give one.
  func test401SaysHowToGiveAToken() throws {
    try bothRoutes(
      "401",
      says: "The server asks for a token (HTTP 401: Bad credentials); set GITHUB_TOKEN or use "
        + "--token-file PATH")
  }

  func testRateLimitSaysWhenItResetsAndHowToRaiseIt() throws {
    try bothRoutes("rate-limit", says: "Rate limit hit (HTTP 403); it resets at ")
    try assertFails(
      "rate-limit", "org",
      says: "(local time). To raise it, set GITHUB_TOKEN or use --token-file PATH")
  }

  func testRetryAfterSaysHowLongToWait() throws {
    try bothRoutes(
      "retry-after", says: "Too many requests (HTTP 429); the server asked to wait 3 s")
  }

  func testServerErrorsNameTheirStatus() throws {
    try bothRoutes("500", says: "Server error (HTTP 500: Server Error)")
    try bothRoutes("502", says: "Server error (HTTP 502: Bad Gateway)")
    try bothRoutes("503", says: "Server error (HTTP 503: Service Unavailable (simulated outage))")
  }

  func testUnreadableBodiesSayWhatWasWrong() throws {
    try bothRoutes("html", says: "could not be read: the body is HTML, expected JSON")
    try bothRoutes(
      "truncated",
      says: "could not be read: the JSON is invalid: it stops before its closing ']' or '}', "
        + "as if cut off")
    try assertFails("wrong-types", "org", says: "could not be read: field login is not a string")
    try assertFails(
      "wrong-types", "repos", says: "could not be read: field [0].name is not a string")
    try bothRoutes("empty", says: "could not be read: the body is empty")
    try bothRoutes("invalid-utf8", says: "could not be read: the body is not valid UTF-8 (byte 13)")
  }

  func testDroppedConnectionSaysSo() throws {
    // "… before any response." through libcurl, "… without a valid HTTP response." through
    // Foundation's transport (the Curl trait off).
    try bothRoutes("drop", says: "closed the connection")
  }

  func testHangAndSlowBodyTimeOutAfterTheDeadline() throws {
    // The deadline is the client's, the same for both routes: a request never answered (the
    // organization, first fetch) and a body that keeps trickling in, a byte every 200 ms for
    // 14 minutes (the repositories, after a success, so the cache is kept), each end at the
    // deadline. 10 s, not the 1 s the command line allows: the first round's answers must come
    // within it, and on a loaded machine one took longer than 1 s.
    let started = Date()
    let timedOut = "Timed out after 10 s waiting for 127.0.0.1:"
    try assertFails(
      "hang", "org", says: timedOut, extra: ["--timeout", "10"], moments: [.firstFetch])
    try assertFails(
      "slow-body", "repos", says: timedOut, extra: ["--timeout", "10"], moments: [.afterSuccess])
    // Two runs ended by the deadline, never by the server (the body would take 14 minutes):
    // a bound only a run the deadline did not end reaches, however loaded the machine.
    XCTAssertLessThan(Date().timeIntervalSince(started), 2 * 150)
  }

  func testResetInTheMiddleOfTheBodySaysTheConnectionWasLost() throws {
    try bothRoutes("reset", says: "was lost in the middle of the response")
  }

  func testBodyOverTheLimitIsRefused() throws {
    try bothRoutes("huge", says: "The response was larger than the limit of 8,388,608 bytes")
    try assertFails(
      "huge", "repos", says: "larger than the limit of 200,000 bytes",
      extra: ["--max-response-size", "200000"])
  }

  func testPaginationStopsOnALoopAndAtTheCapSucceedsWithWhatItRead() throws {
    try assertFails(
      "link-loop", "repos", says: "Pagination stopped: page 1 links back to a page already fetched")
    // The cap is a limit, as `gh repo list --limit` is: the rows read, a notice, exit 0.
    let run = try BinaryRun.run([
      "--headless", "--latency", "0", "--no-timestamps", "--retries", "0", "--fail-mode",
      "endless-pages", "--fail", "repos", "--page-cap", "5",
    ])
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
    XCTAssertEqual(
      run.stderr,
      "loader-tui: Stopped at the cap of 5 pages (36 repositories); raise it with --page-cap.\n")
  }

  func testConnectionRefusedNamesHostAndPort() throws {
    let run = try BinaryRun.run([
      "--headless", "--base-url", "http://127.0.0.1:9", "--no-timestamps", "--retries", "0",
    ])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr, "loader-tui: Cannot connect to 127.0.0.1:9: is the server running?\n")
  }

  func testRedirectsAreFollowedAndWork() throws {
    for mode in ["redirect", "cross-origin"] {
      for route in ["org", "repos"] {
        let run = try BinaryRun.run([
          "--headless", "--latency", "0", "--no-timestamps", "--fail", route, "--fail-mode", mode,
        ])
        XCTAssertEqual(run.status, 0, "\(mode) \(route): \(run.stderr)")
        XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
      }
    }
  }
}
