import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `--repos` at scale, through the binary: client and built-in server in one process.
final class ScaleTests: XCTestCase {
  func testTenThousandRepositoriesLoadWithTheDefaultFlagsInUnder120MB() throws {
    let run = try BinaryRun.measured([
      "--headless", "--latency", "0", "--no-timestamps", "--repos", "10000",
    ])
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 10,000 repositories")
    // Under ThreadSanitizer or AddressSanitizer the binary's shadow memory says nothing of
    // the app's own footprint; the plain run checks it.
    try XCTSkipIf(BinaryRun.underSanitizer, "memory is not measured under a sanitizer")
    XCTAssertLessThan(run.peakBytes, 120 << 20, "peak RSS \(run.peakBytes >> 20) MB")
  }

  /// Whether this test binary (and so the app built beside it) runs under a sanitizer.

  func testAPageSizeGivenIsKeptAndTheCapSaysSo() throws {
    let run = try BinaryRun.run([
      "--headless", "--latency", "0", "--no-timestamps", "--repos", "10000", "--page-size", "10",
    ])
    XCTAssertEqual(run.status, 0, "the cap is a limit, not a failure")
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 1,000 repositories")
    XCTAssertEqual(
      run.stderr,
      "loader-tui: Stopped at the cap of 100 pages (1,000 repositories); raise it with"
        + " --page-cap.\n")
  }

  func testEachPageIsALineOfCountsInTextAndInJSON() throws {
    let flags = [
      "--headless", "--latency", "0", "--no-timestamps", "--no-cache", "--repos", "1000",
      "--page-size", "100",
    ]
    let text = try BinaryRun.run(flags)
    XCTAssertEqual(text.status, 0)
    XCTAssertEqual(
      text.lines.filter { $0.hasPrefix("repositories Loading: page") },
      (1...9).map { "repositories Loading: page \($0)/10, \($0 * 100) so far" })
    let json = try BinaryRun.run(flags + ["--json"])
    XCTAssertEqual(json.status, 0)
    let pages = json.lines.filter { $0.contains(#""pages_read""#) && $0.contains(#""loading""#) }
    XCTAssertEqual(pages.count, 9)
    for (index, line) in pages.enumerated() {
      XCTAssertTrue(line.contains(#""page_count":10,"pages_read":\#(index + 1),"#), line)
      XCTAssertTrue(line.contains(#""so_far":\#((index + 1) * 100),"#), line)
      XCTAssertFalse(line.contains(#""repositories":"#), "never the rows again: \(line)")
    }
  }
}
