import Foundation
import XCTest

/// A second run over the first run's cache, against the built-in server (on a new port): the
/// stored validators of the organization and of every repositories page are sent, and an
/// unchanged server answers all of them `304`, so nothing is downloaded again.
final class CacheRevalidationBinaryTests: XCTestCase {

  func testTheSecondRunsFetchIsNotModified() throws {
    let directory = temporaryCacheDirectory()
    let cold = try BinaryRun.headless(cache: directory)
    XCTAssertFalse(cold.lines.contains { $0.contains("not modified") }, cold.stdout)
    let warm = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(warm.status, 0, warm.stderr)
    XCTAssertEqual(warm.stderr, "")
    let fetched = warm.lines.dropFirst(3).filter { $0.contains("Success") }
    XCTAssertEqual(
      Array(fetched),
      [
        "organization Success (not modified): Red Mad Robot",
        "repositories Success (not modified): 36 repositories (Apexy, input-mask-ios,"
          + " input-mask-android, …)",
        "merged       Success (not modified): Red Mad Robot: 36 repositories (Apexy,"
          + " input-mask-ios, input-mask-android, …)",
      ])
  }

  func testTheSecondRunSpendsNoRateLimitOnAnUnchangedServer() throws {
    let directory = temporaryCacheDirectory()
    let cold = try BinaryRun.headless(cache: directory, ["--json"])
    XCTAssertEqual(
      remaining(cold), 5_000 - 5, "the cold run downloads the organization and 4 pages")
    let warm = try BinaryRun.headless(cache: directory, ["--json"])
    XCTAssertEqual(warm.status, 0, warm.stderr)
    XCTAssertEqual(remaining(warm), 5_000, "a page was downloaded again")
  }

  /// The rate limit's remaining requests at the end of a JSON run.
  private func remaining(_ run: BinaryRun) -> Int? {
    let objects = run.lines.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return objects.compactMap { $0["rate_limit"] as? [String: Any] }.last?["remaining"] as? Int
  }
}
