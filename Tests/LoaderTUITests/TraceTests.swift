import Foundation
import XCTest

@testable import AppCommandLine
@testable import LoaderTUI

/// `--headless --trace` prints every request's start and end between the transitions, as the
/// client's request-life events report them, before the summary.
final class TraceTests: XCTestCase {
  func testEveryRequestStartsAndEndsBeforeTheSummary() throws {
    let run = try BinaryRun.run(["--headless", "--latency", "0", "--no-timestamps", "--trace"])
    XCTAssertEqual(run.status, 0)
    let requests = run.lines.filter { $0.hasPrefix("request      #") }
    let started = requests.filter { $0.hasSuffix("  in flight") }
    // The built-in server pages its 36 repositories: 100, then pages of 10 from page 2.
    let shown = started.map { String($0.dropFirst(13).dropLast(11)) }
    XCTAssertEqual(
      shown,
      [
        "#1 GET /orgs/RedMadRobot/repos?per_page=100&page=1", "#2 GET /orgs/RedMadRobot",
        "#3 GET /orgs/RedMadRobot/repos?per_page=10&page=2",
        "#4 GET /orgs/RedMadRobot/repos?per_page=10&page=3",
        "#5 GET /orgs/RedMadRobot/repos?per_page=10&page=4",
      ])
    for line in started {
      let id = line.dropFirst(13).split(separator: " ")[0]
      XCTAssertEqual(
        requests.filter { $0.dropFirst(13).hasPrefix(id + " ") && $0.contains("  200  ") }.count,
        1, "\(id) ends once, with 200")
    }
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
    XCTAssertTrue(run.lines.contains("organization Success: Red Mad Robot"))
  }

  /// A state a response brought is printed after that request's end line, in every run:
  /// the organization's success after its request's, each page's line after its page's.
  func testARequestsEndComesBeforeTheStateItBrought() throws {
    let quick = ["--headless", "--latency", "0", "--no-timestamps", "--trace", "--no-cache"]
    for run in 1...8 {
      let lines = try BinaryRun.run(quick).lines
      func index(_ predicate: (String) -> Bool, _ what: String) throws -> Int {
        try XCTUnwrap(lines.firstIndex(where: predicate), "run \(run): no \(what) in \(lines)")
      }
      let pairs: [(request: String, state: String)] = [
        ("GET /orgs/RedMadRobot  200", "organization Success"),
        ("page=2  200", "repositories Loading: page 2/4"),
        ("page=3  200", "repositories Loading: page 3/4"),
        ("page=4  200", "repositories Success"),
      ]
      for (request, state) in pairs {
        let end = try index({ $0.hasPrefix("request ") && $0.contains(request) }, request)
        let brought = try index({ $0.hasPrefix(state) }, state)
        XCTAssertLessThan(end, brought, "run \(run): \(request) ends before \(state)")
      }
    }
  }

  func testJSONRequestLinesAreObjectsWithTheirFields() throws {
    let run = try BinaryRun.run([
      "--headless", "--latency", "0", "--no-timestamps", "--trace", "--json",
    ])
    XCTAssertEqual(run.status, 0)
    let objects = try run.lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let ends = objects.filter { $0["phase"] as? String == "finished" }
    XCTAssertEqual(ends.count, 5)
    let organization = try XCTUnwrap(ends.first { $0["loader"] as? String == "organization" })
    XCTAssertEqual(organization["path"] as? String, "/orgs/RedMadRobot")
    XCTAssertEqual(organization["status"] as? Int, 200)
    XCTAssertGreaterThan(organization["bytes"] as? Int ?? 0, 100)
    XCTAssertEqual(objects.last?["summary"] as? Bool, true)
  }

  func testARetriedRequestCarriesItsAttemptInTextAndJSON() throws {
    let flaky = [
      "--headless", "--latency", "0", "--no-timestamps", "--trace", "--fail", "repos",
      "--fail-mode", "flaky",
    ]
    let text = try BinaryRun.run(flaky)
    XCTAssertEqual(text.status, 0, text.stderr)
    let firstPage = text.lines.filter {
      $0.hasPrefix("request      #")
        && $0.contains(" GET /orgs/RedMadRobot/repos?per_page=100&page=1")
    }
    // Two 503s, then the third attempt succeeds: each line says which attempt it was.
    XCTAssertEqual(firstPage.filter { $0.hasSuffix("in flight") }.count, 3, "\(firstPage)")
    XCTAssertEqual(firstPage.filter { $0.contains("page=1  503  ") }.count, 1, "\(firstPage)")
    XCTAssertEqual(firstPage.filter { $0.contains("page=1 ↻2  503  ") }.count, 1, "\(firstPage)")
    XCTAssertEqual(firstPage.filter { $0.contains("page=1 ↻3  200") }.count, 1, "\(firstPage)")

    let json = try BinaryRun.run(flaky + ["--json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let ends = json.lines.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.filter {
      $0["phase"] as? String != "sent" && $0["loader"] as? String == "repositories"
    }
    XCTAssertEqual(ends.map { $0["attempt"] as? Int }, [nil, 2, 3, nil, nil, nil], "\(ends)")
    XCTAssertEqual(ends.map { $0["status"] as? Int }, [503, 503, 200, 200, 200, 200])
  }

  /// Ctrl-C with requests in flight: each ends with its own line (cancelled) before the app
  /// ends by the signal.
  func testAnInterruptedTraceEndsEveryRequestItStarted() throws {
    let process = Process()
    process.executableURL = BinaryRun.binary
    process.arguments = [
      "--headless", "--latency", "30", "--no-timestamps", "--no-cache", "--no-config", "--trace",
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    var received = ""
    // Both requests go out at once and wait 30 s at the server.
    while received.components(separatedBy: "in flight").count < 3 {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received += String(decoding: chunk, as: UTF8.self)
    }
    kill(process.processIdentifier, SIGINT)
    received += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGINT)
    let requests = received.split(separator: "\n").filter { $0.hasPrefix("request ") }
    XCTAssertEqual(requests.count, 4, "two sent, two ended: \(requests)")
    XCTAssertEqual(
      requests.filter { $0.hasSuffix("✗ The request was cancelled.") }.count, 2, "\(requests)")
  }

  func testTraceNeedsHeadless() throws {
    let run = try BinaryRun.run(["--trace", "--interactive"])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(run.stderr.contains("--trace"), run.stderr)
  }
}
