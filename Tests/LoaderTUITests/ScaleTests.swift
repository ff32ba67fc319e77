import XCTest

/// `--repos` at scale, through the binary: client and built-in server in one process.
final class ScaleTests: XCTestCase {
  func testTenThousandRepositoriesLoadWithTheDefaultFlagsInUnder120MB() throws {
    let run = try MeasuredRun.run([
      "--headless", "--latency", "0", "--no-timestamps", "--repos", "10000",
    ])
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 10000 repositories")
    XCTAssertLessThan(run.peakBytes, 120 << 20, "peak RSS \(run.peakBytes >> 20) MB")
  }

  func testAPageSizeGivenIsKeptAndTheCapSaysSo() throws {
    let run = try BinaryRun.run([
      "--headless", "--latency", "0", "--no-timestamps", "--repos", "10000", "--page-size", "10",
    ])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.lines.last,
      "done: 1 round, failure: Pagination stopped: the cap of 100 pages was reached;"
        + " raise it with --page-cap.")
  }
}
