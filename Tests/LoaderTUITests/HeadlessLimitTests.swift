import Foundation
import XCTest

/// `--limit N` run as a user runs it, against the built-in server (36 fixtures, 10 a page): no
/// page after the one that reaches N, the list cut to N, and a notice that says so.
final class HeadlessLimitTests: XCTestCase {
  private let quick = ["--headless", "--no-timestamps", "--latency", "0", "--no-cache"]

  /// The repositories pages the run asked for, as its trace names them.
  private func pagesAsked(_ run: BinaryRun) -> [String] {
    run.lines.filter { $0.hasPrefix("request ") && $0.hasSuffix("in flight") }
      .compactMap { $0.split(separator: " ").first { $0.contains("/repos?") }.map(String.init) }
  }

  /// The first line of the repositories' loader.
  private func firstOfRepositories(_ run: BinaryRun) -> String? {
    run.lines.first { $0.hasPrefix("repositories ") }
  }

  func testALimitWithinAPageIsOneRequestOfThatSize() throws {
    let run = try BinaryRun.run(quick + ["--limit", "5", "--trace"])
    run.assertEnded(with: 0, stderr: "loader-tui: First 5 repositories (--limit 5).\n")
    XCTAssertEqual(pagesAsked(run), ["/orgs/RedMadRobot/repos?per_page=5&page=1"])
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 5 repositories")
  }

  func testTheLimitCutsThePageThatReachesItAndReadsNoMore() throws {
    let run = try BinaryRun.run(quick + ["--limit", "25", "--trace"])
    run.assertEnded(with: 0, stderr: "loader-tui: First 25 repositories (--limit 25).\n")
    XCTAssertEqual(
      pagesAsked(run),
      [
        "/orgs/RedMadRobot/repos?per_page=25&page=1", "/orgs/RedMadRobot/repos?per_page=10&page=2",
        "/orgs/RedMadRobot/repos?per_page=10&page=3",
      ], "the server hands out 10 a page: page 4 is not asked for")
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 25 repositories")
  }

  func testTheLimitReachedBeforeThePageCapIsTheStopSaid() throws {
    let limited = try BinaryRun.run(quick + ["--limit", "15", "--page-cap", "3"])
    limited.assertEnded(with: 0, stderr: "loader-tui: First 15 repositories (--limit 15).\n")
    let capped = try BinaryRun.run(quick + ["--limit", "30", "--page-cap", "2"])
    capped.assertEnded(
      with: 0,
      stderr:
        "loader-tui: Stopped at the cap of 2 pages (20 repositories); raise it with --page-cap.\n"
    )
  }

  func testAListWithinTheLimitIsWholeWithoutANotice() throws {
    let run = try BinaryRun.run(quick + ["--limit", "36"])
    run.assertEnded(with: 0, stderr: "")
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
  }

  func testJSONSaysWhereTheListWasCut() throws {
    let run = try BinaryRun.run(quick + ["--json", "--limit", "25"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let objects = try run.lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let success = try XCTUnwrap(
      objects.first {
        $0["state"] as? String == "repositories" && $0["case"] as? String == "success"
      })
    XCTAssertEqual(success["count"] as? Int, 25)
    XCTAssertEqual(success["stopped_at_limit"] as? Int, 25)
    XCTAssertNil(success["stopped_at_cap"])
  }

  func testACutListIsCachedApartFromTheWholeOne() throws {
    let cache = temporaryCacheDirectory()
    let options = ["--headless", "--no-timestamps", "--latency", "0", "--cache-dir", cache]
    let cut = try BinaryRun.run(options + ["--limit", "5"])
    XCTAssertEqual(cut.status, 0, cut.stderr)
    let whole = try BinaryRun.run(options)
    XCTAssertEqual(
      firstOfRepositories(whole), "repositories Loading: nothing cached",
      "5 rows do not stand for all")
    let again = try BinaryRun.run(options + ["--limit", "5"])
    XCTAssertEqual(
      firstOfRepositories(again),
      "repositories Success (cached just now): 5 repositories (Apexy, input-mask-ios,"
        + " input-mask-android, …)")
  }

  /// A list cut inside a page keeps its pages in the cache, the last one whole: the next start
  /// shows the cut list at once and every page is answered 304.
  func testAListCutInsideAPageRevalidatesAfterARestart() throws {
    let cache = temporaryCacheDirectory()
    let options = [
      "--headless", "--no-timestamps", "--latency", "0", "--cache-dir", cache, "--limit", "15",
    ]
    let first = try BinaryRun.run(options)
    XCTAssertEqual(first.status, 0, first.stderr)
    let again = try BinaryRun.run(options + ["--trace"])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(
      firstOfRepositories(again),
      "repositories Success (cached just now): 15 repositories (Apexy, input-mask-ios,"
        + " input-mask-android, …)")
    let answers = again.lines.filter { $0.hasPrefix("request ") && $0.contains("/repos?") }
      .filter { !$0.hasSuffix("in flight") }
    XCTAssertEqual(answers.count, 2, again.stdout)
    XCTAssertTrue(answers.allSatisfy { $0.contains(" 304 ") }, again.stdout)
    XCTAssertTrue(
      again.lines.contains { $0.hasPrefix("repositories Success (not modified): 15 repositories") },
      again.stdout)
  }

  func testABadLimitIsAUsageError() throws {
    for value in ["0", "abc"] {
      let run = try BinaryRun.run(["--headless", "--limit", value])
      run.assertEnded(
        with: 2,
        stderr: "loader-tui: --limit takes a whole number from 1 to 100000, not \"\(value)\".\n")
      XCTAssertEqual(run.stdout, "")
    }
  }
}
