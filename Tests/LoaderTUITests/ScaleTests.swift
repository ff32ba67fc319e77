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
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 10000 repositories")
    // Under ThreadSanitizer or AddressSanitizer the binary's shadow memory says nothing of
    // the app's own footprint; the plain run checks it.
    try XCTSkipIf(Self.underSanitizer, "memory is not measured under a sanitizer")
    XCTAssertLessThan(run.peakBytes, 120 << 20, "peak RSS \(run.peakBytes >> 20) MB")
  }

  /// Whether this test binary (and so the app built beside it) runs under a sanitizer.
  private static var underSanitizer: Bool {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
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
