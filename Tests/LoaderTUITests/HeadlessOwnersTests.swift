import Foundation
import XCTest

/// Headless with several owners, run as a user runs it: every owner loads at once on the one
/// client, each line names its owner, the summary has a line per owner, and the exit code says
/// whether all succeeded.
final class HeadlessOwnersTests: XCTestCase {
  private let quick = ["--headless", "--no-timestamps", "--latency", "0"]

  /// The lines of `run` that name `owner`, without the name.
  private func lines(_ run: BinaryRun, of owner: String) -> [String] {
    run.lines.filter { $0.hasPrefix("[\(owner)] ") }.map { String($0.dropFirst(owner.count + 3)) }
  }

  func testThreeOwnersInTextEachLineNamingItsOwner() throws {
    let run = try BinaryRun.run(quick + ["--owner", "alice,swift-tools", "--user", "carol"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.lines.count, 23,
      "seven lines per owner, and two of pages for the three of swift-tools:\n"
        + run.lines.joined(separator: "\n"))
    XCTAssertEqual(
      lines(run, of: "alice").last, "done: 1 round, success: Alice Liddell with 4 repositories")
    XCTAssertEqual(
      lines(run, of: "swift-tools").last, "done: 1 round, success: Swift Tools with 25 repositories"
    )
    XCTAssertEqual(
      lines(run, of: "carol").last, "done: 1 round, success: Carol with 0 repositories")
    XCTAssertEqual(
      lines(run, of: "alice").first, "repositories Loading: nothing cached",
      "each from its first line")
    // The owner's line says what kind it is once that is known: from --user at once.
    XCTAssertTrue(lines(run, of: "carol").contains("user         Loading: nothing cached"))
    XCTAssertTrue(lines(run, of: "carol").contains("user         Success: Carol"))
    XCTAssertTrue(lines(run, of: "swift-tools").contains("organization Success: Swift Tools"))
    XCTAssertTrue(lines(run, of: "alice").contains("user         Success: Alice Liddell"))
  }

  func testEachOwnersRoundsAreCountedOnTheirOwn() throws {
    // alice (4 repositories) ends her first round before bob (12 in pages) and starts her
    // second: bob's first round must not fail for it.
    let run = try BinaryRun.run(
      quick + [
        "--owner", "alice,bob-builder", "--rounds", "2", "--fail", "round=2", "--retries", "0",
      ])
    XCTAssertEqual(run.status, 1, run.stderr)
    for owner in ["alice", "bob-builder"] {
      let merged = lines(run, of: owner).filter { $0.hasPrefix("merged ") }.map {
        $0.split(separator: " ", omittingEmptySubsequences: true)[1]
      }
      XCTAssertEqual(merged, ["Loading:", "Success:", "Loading:", "Failure:"], owner)
    }
  }

  func testThreeOwnersInJSONEachObjectNamingItsOwner() throws {
    let run = try BinaryRun.run(
      quick + ["--json", "--owner", "tiny-org", "--owner", "bob-builder,alice"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let objects = try run.lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(
      Set(objects.compactMap { $0["owner"] as? String }), ["tiny-org", "bob-builder", "alice"])
    XCTAssertTrue(objects.allSatisfy { $0["owner"] is String }, "every object names its owner")
    let summaries = objects.filter { $0["summary"] as? Bool == true }
    XCTAssertEqual(summaries.count, 3)
    XCTAssertTrue(summaries.allSatisfy { $0["ok"] as? Bool == true })
  }

  func testTracedRequestsGoToTheOwnerTheyAreFor() throws {
    let run = try BinaryRun.run(quick + ["--trace", "--owner", "alice,tiny-org"])
    XCTAssertEqual(run.status, 0, run.stderr)
    for owner in ["alice", "tiny-org"] {
      let requests = lines(run, of: owner).filter { $0.hasPrefix("request") }
      XCTAssertEqual(requests.count, 4, "two requests, each sent and ended: \(requests)")
      XCTAssertTrue(requests.allSatisfy { $0.contains("/\(owner)") }, "\(requests)")
    }
  }

  func testPagesUnderAnotherPathStillGoToTheOwnerTheyAreFor() throws {
    // old-bob was renamed: GitHub's next links name the user by id (`/user/1002/repos`), so
    // only the owner the request was made for, not its path, says whose pages they are.
    let run = try BinaryRun.run(
      quick + ["--trace", "--page-size", "5", "--owner", "old-bob,tiny-org"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let requests = lines(run, of: "old-bob").filter { $0.hasPrefix("request") }
    XCTAssertEqual(requests.count, 8, "the profile and three pages, each sent and ended")
    XCTAssertEqual(requests.filter { $0.contains("/user/1002/repos") }.count, 4, "\(requests)")
    XCTAssertFalse(
      lines(run, of: "tiny-org").contains { $0.contains("/user/1002") }, "none went elsewhere")
  }

  func testOneOwnerThatFailsMakesTheRunFailAndSaysWhichOnStderr() throws {
    let run = try BinaryRun.run(quick + ["--owner", "alice,nobody-here"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      lines(run, of: "alice").last, "done: 1 round, success: Alice Liddell with 4 repositories")
    XCTAssertEqual(
      lines(run, of: "nobody-here").last,
      "done: 1 round, failure: No user or organization named \"nobody-here\" (HTTP 404).")
    XCTAssertEqual(
      run.stderr,
      "loader-tui: [nobody-here] No user or organization named \"nobody-here\" (HTTP 404).\n")
  }

  func testARenamedUserIsFollowedToItsNewLogin() throws {
    let run = try BinaryRun.run(quick + ["--owner", "old-bob"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Bob Builder with 12 repositories")
  }

  func testALoginGitHubWouldRefuseInAListIsAUsageError() throws {
    let run = try BinaryRun.run(quick + ["--owner", "alice,bad_name"])
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.lines, [])
    XCTAssertTrue(run.stderr.contains("--owner takes a GitHub login"), run.stderr)
    XCTAssertTrue(run.stderr.contains("\"bad_name\""), run.stderr)
  }
}
