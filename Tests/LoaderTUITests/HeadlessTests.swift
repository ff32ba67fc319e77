import Foundation
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

/// Headless mode, run as a user runs it: through the real binary against the built-in server.
final class HeadlessTests: XCTestCase {
  private let names = "36 repositories (Apexy, input-mask-ios, input-mask-android, …)"
  private let cachedNames =
    "36 cached repositories (Apexy, input-mask-ios, input-mask-android, …)"
  /// The organization usually answers before the first page of repositories. Usually only:
  /// the two load at once, and under load either may come first, so these tests compare each
  /// loader's lines in order (`assertTranscript`), never how the two interleave.
  private let ordered = ["--org-latency", "0", "--repos-latency", "0.1"]

  func testOneRoundPrintsEveryTransitionThenASummary() throws {
    let run = try BinaryRun.run(["--headless", "--no-timestamps"] + ordered)
    XCTAssertEqual(run.status, 0)
    assertTranscript(
      run.lines,
      [
        "repositories Loading: nothing cached",
        "merged       Loading: nothing cached",
        "organization Loading: nothing cached",
        "organization Success: Red Mad Robot",
        "repositories Loading: page 1/4, 10 so far",
        "repositories Loading: page 2/4, 20 so far",
        "repositories Loading: page 3/4, 30 so far",
        "repositories Success: \(names)",
        "merged       Success: Red Mad Robot: \(names)",
        "done: 1 round, success: Red Mad Robot with 36 repositories",
      ])
    XCTAssertEqual(run.stderr, "", "--headless given: no fallback note")
  }

  func testTwoRoundsShowLoadingWithCache() throws {
    let run = try BinaryRun.run(["--headless", "--no-timestamps", "--rounds", "2"] + ordered)
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.lines.count, 19, "every transition of both rounds, 3 pages of 4 read each")
    assertTranscript(
      Array(run.lines.dropFirst(9)),
      [
        "repositories Loading: showing \(cachedNames)",
        "merged       Loading: showing Red Mad Robot: \(cachedNames)",
        "organization Loading: showing Red Mad Robot (cached)",
        "organization Success (not modified): Red Mad Robot",
        "repositories Loading: page 1/4, 10 so far",
        "repositories Loading: page 2/4, 20 so far",
        "repositories Loading: page 3/4, 30 so far",
        "repositories Success (not modified): \(names)",
        "merged       Success (not modified): Red Mad Robot: \(names)",
        "done: 2 rounds, success: Red Mad Robot with 36 repositories",
      ])
  }

  /// With `--trace`, the last try's end is followed by the failure it brought, never by a
  /// `Loading` line: the load is over.
  func testTheLastTryFailingIsFollowedByTheFailure() throws {
    let run = try BinaryRun.run(
      ["--headless", "--no-timestamps", "--no-cache", "--trace", "--fail", "repos"]
        + ["--retries", "1"] + ordered)
    XCTAssertEqual(run.status, 1)
    let lastTry = try XCTUnwrap(run.lines.lastIndex { $0.contains("↻2  503") }, "\(run.lines)")
    XCTAssertEqual(
      run.lines[(lastTry + 1)...].map { String($0.prefix(20)) },
      ["repositories Failure", "merged       Failure", "done: 1 round, failu"])
    XCTAssertEqual(
      run.lines.filter { $0.hasPrefix("repositories") }.map { String($0.prefix(20)) },
      ["repositories Loading", "repositories Retryin", "repositories Failure"], "\(run.lines)")
  }

  func testFailingRoundKeepsTheCacheAndExitsOne() throws {
    let run = try BinaryRun.run(
      ["--headless", "--no-timestamps", "--rounds", "2", "--fail", "round=2", "--retries", "0"]
        + ordered)
    assertFailed(
      run, with: "Server error (HTTP 503: Service Unavailable (simulated outage)); try again later",
      caches: ("Red Mad Robot (cached)", cachedNames, "Red Mad Robot: \(cachedNames)"),
      rounds: "2 rounds")
  }

  func testServerErrorWithoutCache() throws {
    let run = try BinaryRun.run(
      ["--headless", "--no-timestamps", "--org", "nobody"] + ordered)
    assertFailed(
      run,
      with:
        "Organization \"nobody\" was not found: it does not exist, is private or is a user (HTTP 404)",
      caches: nil, rounds: "1 round")
  }

  private let nothingCached = "; nothing cached"

  /// A run whose last round failed with `error`: exit 1, its last four lines the three loaders'
  /// failures over `caches` (`nil`: nothing cached, said in words) and the summary, and the
  /// error on stderr.
  private func assertFailed(
    _ run: BinaryRun, with error: String, caches: (String, String, String)?, rounds: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      run.lines.count, rounds == "1 round" ? 7 : 16, "every transition (and 3 pages of 4 read)",
      file: file, line: line)
    let cached: [String] =
      caches.map { ["; showing \($0.0)", "; showing \($0.1)", "; showing \($0.2)"] }
      ?? Array(repeating: nothingCached, count: 3)
    // Each loader's last line, in either order (`assertTranscript`), then the summary.
    assertTranscript(
      Array(run.lines.suffix(4)),
      [
        "organization Failure: \(error)" + cached[0],
        "repositories Failure: \(error)" + cached[1],
        "merged       Failure: \(error)" + cached[2],
        "done: \(rounds), failure: \(error).",
      ], file: file, line: line)
    run.assertEnded(with: 1, stderr: "loader-tui: \(error).\n", file: file, line: line)
  }

  /// The same lines for each loader, in the same order, byte for byte; how the two loaders'
  /// lines interleave is the network's doing (`assertTranscript`).
  func testTwoRunsPrintTheSameLines() throws {
    let arguments =
      ["--headless", "--no-timestamps", "--rounds", "3", "--fail", "round=2", "--retries", "0"]
      + ordered
    let first = try BinaryRun.run(arguments)
    let second = try BinaryRun.run(arguments)
    assertTranscript(second.lines, first.lines)
    XCTAssertEqual(first.lines.count, 25, "19 transitions and 3 pages of 4 read twice")
  }

  func testJSONLinesParseAndCarryTheFields() throws {
    let run = try BinaryRun.run(
      ["--headless", "--json", "--rounds", "2", "--fail", "round=2", "--retries", "0"] + ordered)
    XCTAssertEqual(run.status, 1)
    let objects = try run.lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.count, 16)
    // Found by what they are, not where: the two loaders' lines interleave as the network goes.
    func first(_ state: String, _ kind: String, round: Int = 1, pagesRead: Int? = nil) throws
      -> [String: Any]
    {
      try XCTUnwrap(
        objects.first {
          $0["state"] as? String == state && $0["case"] as? String == kind
            && $0["round"] as? Int == round && $0["pages_read"] as? Int == pagesRead
        }, "\(state) \(kind) in round \(round)")
    }
    for object in objects.dropLast() {
      XCTAssertNotNil(object["time"] as? Double, "time since start")
      XCTAssertNotNil(object["round"] as? Int)
      XCTAssertTrue(
        ["organization", "repositories", "merged"].contains(object["state"] as? String))
      XCTAssertTrue(["loading", "success", "failure"].contains(object["case"] as? String))
    }
    let page = try first("repositories", "loading", pagesRead: 1)
    XCTAssertEqual(page["case"] as? String, "loading")
    XCTAssertEqual(page["pages_read"] as? Int, 1)
    XCTAssertEqual(page["page_count"] as? Int, 4)
    XCTAssertEqual(page["so_far"] as? Int, 10)
    XCTAssertNil(page["repositories"], "a page's line has the counts, not the rows")
    let success = try first("merged", "success")
    XCTAssertEqual(success["state"] as? String, "merged")
    XCTAssertEqual(success["case"] as? String, "success")
    XCTAssertEqual(success["organization"] as? String, "Red Mad Robot")
    XCTAssertEqual(success["count"] as? Int, 36)
    XCTAssertEqual((success["repositories"] as? [String])?.first, "Apexy")
    let failure = try first("merged", "failure", round: 2)
    XCTAssertEqual(failure["case"] as? String, "failure")
    XCTAssertEqual(failure["round"] as? Int, 2)
    XCTAssertEqual(failure["count"] as? Int, 36, "the cache is carried")
    XCTAssertTrue((failure["error"] as? String)?.contains("HTTP 503") == true)
    XCTAssertEqual(objects.last?["summary"] as? Bool, true)
    XCTAssertEqual(objects.last?["ok"] as? Bool, false)
  }

  /// Checks that `lines` are `expected` but for how the loaders' lines interleave: each
  /// loader's lines (named by their first word) in the same order, and the same last line.
  /// The organization and the repositories load at once and each prints as it changes, so
  /// which of them changes first is the network's order, not a promise of the app; the merged
  /// state is printed when either changes, so it is compared on its own too.
  private func assertTranscript(
    _ lines: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    let byLoader = { (lines: [String]) in
      Dictionary(grouping: lines) { $0.prefix { $0 != " " } }
    }
    XCTAssertEqual(byLoader(lines), byLoader(expected), "\(lines)", file: file, line: line)
    XCTAssertEqual(lines.last, expected.last, "the summary ends it", file: file, line: line)
  }

  func testPipedStdoutFallsBackToHeadlessWithANote() throws {
    let run = try BinaryRun.run(["--latency", "0", "--no-timestamps"])
    run.assertEnded(
      with: 0,
      stderr:
        "loader-tui: stdout or stdin is not a terminal; printing state changes instead (--headless).\n"
    )
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
  }

  func testInteractiveWithoutATerminalFailsWithExitTwo() throws {
    let run = try BinaryRun.run(["--interactive", "--latency", "0"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(run.stderr.split(separator: "\n").count, 1)
    XCTAssertTrue(run.stderr.contains("not a terminal"))
  }

  func testTimestampsCountFromStart() throws {
    let run = try BinaryRun.run(["--headless", "--latency", "0"])
    let first = try XCTUnwrap(run.lines.first)
    // Under a second, however loaded the machine (a sanitizer build takes 0.1 s to get there):
    // seconds since start, not since some other time.
    XCTAssertTrue(first.hasPrefix("[   0."), first)
    XCTAssertTrue(first.hasSuffix("repositories Loading: nothing cached"), first)
  }
}

/// Headless output arrives line by line through a pipe; a signal that quits ends it with the
/// summary of what was read, then the process ends by that signal (a shell says 130, 143, 131).
final class HeadlessSignalTests: XCTestCase {
  private struct Interrupted {
    var lines: [String]
    var reason: Process.TerminationReason
    var status: Int32
  }

  private func interrupt(with signal: Int32, _ flags: [String] = []) throws -> Interrupted {
    let process = Process()
    process.executableURL = BinaryRun.binary
    process.arguments =
      ["--headless", "--latency", "30", "--no-timestamps", "--no-cache", "--no-config"] + flags
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first transition arrives while the fetch is still running, 30 s from its end.
    var received = Data()
    while !received.contains(UInt8(ascii: "\n")) {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received.append(chunk)
    }
    kill(process.processIdentifier, signal)
    received.append(out.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    return Interrupted(
      lines: lines, reason: process.terminationReason, status: process.terminationStatus)
  }

  func testSIGINTEndsTheRunWithItsSummaryThenBySIGINT() throws {
    let run = try interrupt(with: SIGINT)
    XCTAssertEqual(run.lines.first, "repositories Loading: nothing cached")
    XCTAssertEqual(run.lines.last, "done: 1 round, interrupted by SIGINT: nothing read")
    XCTAssertEqual(run.reason, .uncaughtSignal)
    XCTAssertEqual(run.status, SIGINT)
  }

  func testSIGTERMAndSIGQUITDoTheSame() throws {
    for signal in [SIGTERM, SIGQUIT] {
      let run = try interrupt(with: signal)
      let name = SignalRule.rule(signal)!.name
      XCTAssertEqual(run.lines.last, "done: 1 round, interrupted by \(name): nothing read")
      XCTAssertEqual(run.reason, .uncaughtSignal, name)
      XCTAssertEqual(run.status, signal, name)
    }
  }

  /// `--json --trace`: the requests in flight end (cancelled), then the summary object.
  func testATracedJSONRunEndsWithTheInterruptedSummary() throws {
    let run = try interrupt(with: SIGINT, ["--json", "--trace"])
    let objects = run.lines.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    XCTAssertEqual(objects.count, run.lines.count, "every line is a JSON object")
    let last = objects.last ?? [:]
    XCTAssertEqual(last["summary"] as? Bool, true, "\(run.lines)")
    XCTAssertEqual(last["interrupted"] as? String, "SIGINT")
    XCTAssertEqual(last["ok"] as? Bool, false)
    XCTAssertEqual(run.status, SIGINT)
  }
}
