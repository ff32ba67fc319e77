import ApexyLoader
import Foundation
import XCTest

/// `kill -9` at any moment of a write, and two writers at once, never lose or mix an entry.
final class CrashSafetyTests: XCTestCase {
  private let directory = TemporaryDirectory()

  override func tearDown() {
    directory.remove()
    super.tearDown()
  }

  func testKillingAWriterAnywhereLeavesTheOldOrTheNewEntryWhole() throws {
    let cache = directory.appending("cache")
    let seed = try StressWriter(directory: cache, first: 0, count: 1)
    seed.process.waitUntilExit()
    XCTAssertEqual(seed.written, [0])
    let store = FileCacheStore(directory: cache)
    var confirmed = 0
    var killedMidWrite = 0
    // 30 kills: odd rounds at a random moment of the writing loop; even rounds a random moment
    // (up to 3 ms) after the writer's temporary file appears, so some land between its
    // creation and its rename even where encoding takes most of the loop (sanitizers).
    for round in 1...30 {
      let writer = try StressWriter(directory: cache, first: confirmed + 1)
      try writer.waitForFirstWrite()
      if round % 2 == 1 {
        usleep(UInt32.random(in: 0...120_000))
      } else {
        try writer.waitForTemporaryFile(in: cache)
        usleep(UInt32.random(in: 0...3_000))
      }
      writer.kill9()
      let pid = writer.process.processIdentifier
      if StressWriter.temporaryFiles(in: cache).contains(where: { $0.hasPrefix(".tmp-\(pid)-") }) {
        killedMidWrite += 1
      }
      let lastReported = writer.written.last ?? confirmed
      let entry = try XCTUnwrap(try store.read(StressWriter.key), "round \(round): entry lost")
      let generation = try StressWriter.generation(of: entry)
      XCTAssertTrue(
        [lastReported, lastReported + 1].contains(generation),
        "round \(round): generation \(generation) after \(lastReported) was on disk")
      confirmed = generation
    }
    XCTAssertGreaterThan(killedMidWrite, 0, "some kill should land between create and rename")
    print("CrashSafetyTests: 30 kills, \(killedMidWrite) mid-write, \(confirmed) generations")

    // The next write removes what the killed writers left behind.
    let last = try StressWriter(directory: cache, first: confirmed + 1, count: 1)
    last.process.waitUntilExit()
    XCTAssertEqual(StressWriter.temporaryFiles(in: cache), [])
    XCTAssertEqual(
      try StressWriter.generation(of: try XCTUnwrap(try store.read(StressWriter.key))),
      confirmed + 1)
  }

  func testAWriteCutShortByAFullDiskFailsInOneLineAndLeavesTheOldEntry() throws {
    let cache = directory.appending("cache")
    let seed = try StressWriter(directory: cache, first: 7, count: 1)
    seed.process.waitUntilExit()
    let capped = try StressWriter(directory: cache, generation: 8, fileSizeLimit: 1_000_000)
    capped.process.waitUntilExit()
    XCTAssertEqual(capped.process.terminationStatus, 1)
    XCTAssertTrue(capped.printed.hasPrefix("cannot write \(cache.path)/.tmp-"), capped.printed)
    XCTAssertTrue(capped.printed.hasSuffix(": File too large\n"), capped.printed)
    let store = FileCacheStore(directory: cache)
    XCTAssertEqual(
      try StressWriter.generation(of: try XCTUnwrap(try store.read(StressWriter.key))), 7)
    XCTAssertEqual(StressWriter.temporaryFiles(in: cache), [], "the partial file is removed")
  }

  func testTwoProcessesWritingTheSameEntryBothSucceedAndAReaderAlwaysSeesItWhole() throws {
    let cache = directory.appending("cache")
    let first = try StressWriter(directory: cache, first: 1_000, count: 8)
    let second = try StressWriter(directory: cache, first: 2_000, count: 8)
    let store = FileCacheStore(directory: cache)
    var reads = 0
    while first.process.isRunning || second.process.isRunning {
      if let entry = try store.read(StressWriter.key) {
        let generation = try StressWriter.generation(of: entry)
        XCTAssertTrue((1_000..<1_008).contains(generation) || (2_000..<2_008).contains(generation))
        reads += 1
      }
    }
    first.process.waitUntilExit()
    second.process.waitUntilExit()
    XCTAssertEqual(first.process.terminationStatus, 0)
    XCTAssertEqual(second.process.terminationStatus, 0)
    XCTAssertEqual(first.written, Array(1_000..<1_008))
    XCTAssertEqual(second.written, Array(2_000..<2_008))
    let final = try StressWriter.generation(of: try XCTUnwrap(try store.read(StressWriter.key)))
    XCTAssertTrue([1_007, 2_007].contains(final), "\(final)")
    XCTAssertEqual(StressWriter.temporaryFiles(in: cache), [])
    XCTAssertGreaterThan(reads, 0)
  }
}
