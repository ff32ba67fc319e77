import Foundation
import XCTest

/// `--rounds 2` against an unchanged built-in server: the second round is answered with 304s;
/// a flaky route shows its retries; both as text and as JSON Lines.
final class RevalidationBinaryTests: XCTestCase {
  private let base = ["--headless", "--latency", "0", "--no-timestamps"]

  func testTheSecondRoundOfAnUnchangedServerSaysNotModified() throws {
    let run = try BinaryRun.run(base + ["--rounds", "2"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let secondRound = run.lines.drop { !$0.hasPrefix("repositories Loading: showing 36") }
    // The owner and the repositories answer in either order; the merged state comes last.
    let successes = secondRound.filter { $0.contains("Success") }
    XCTAssertEqual(
      Set(successes.dropLast()),
      [
        "organization Success (not modified): Red Mad Robot",
        "repositories Success (not modified): 36 repositories (Apexy, input-mask-ios,"
          + " input-mask-android, …)",
      ])
    XCTAssertEqual(
      successes.last,
      "merged       Success (not modified): Red Mad Robot: 36 repositories (Apexy,"
        + " input-mask-ios, input-mask-android, …)")
    XCTAssertFalse(
      run.lines.prefix { !$0.hasPrefix("repositories Loading: showing 36") }
        .contains { $0.contains("not modified") }, "the first round is downloaded")
  }

  func testJSONLinesCarryNotModifiedAndTheRateLimit() throws {
    let run = try BinaryRun.run(base + ["--json", "--rounds", "2"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let objects = run.lines.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let successes = objects.filter {
      $0["case"] as? String == "success" && $0["round"] as? Int == 2
    }
    XCTAssertEqual(successes.count, 3, "\(run.lines)")
    XCTAssertTrue(successes.allSatisfy { $0["not_modified"] as? Bool == true }, "\(successes)")
    let limit = objects.compactMap { $0["rate_limit"] as? [String: Any] }.last
    XCTAssertEqual(limit?["limit"] as? Int, 5_000)
    XCTAssertEqual(limit?["remaining"] as? Int, 5_000 - 5, "the 304s do not count")
  }

  func testAFlakyRouteShowsEachRetryWithItsAttemptAndWait() throws {
    let run = try BinaryRun.run(base + ["--fail", "repos", "--fail-mode", "flaky"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let retries = run.lines.filter { $0.hasPrefix("repositories Retrying: ") }
    XCTAssertEqual(retries.count, 2, "\(run.lines)")
    for (index, line) in retries.enumerated() {
      XCTAssertTrue(line.hasPrefix("repositories Retrying: \(index + 1) of 3 in "), line)
      XCTAssertTrue(
        line.hasSuffix(
          "s; the request failed: Server error (HTTP 503: Service Unavailable (flaky));"
            + " nothing cached"), line)
    }
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
  }
}
