import Foundation
import XCTest

/// The cache as a user meets it through the binary: the second run starts from what the first
/// fetched, `--no-cache` starts cold, `cache info` and `cache clear`, and a broken entry costs
/// one line on stderr and is replaced. Every run uses its own temporary cache directory.
final class CacheBinaryTests: XCTestCase {

  private func entries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
      .filter { $0.hasSuffix(".entry") }.map { directory + "/" + $0 }
  }

  func testTheSecondRunPrintsTheCachedStateFirstThenFetches() throws {
    let directory = temporaryCacheDirectory()
    let cold = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(cold.lines.first, "repositories Loading: nothing cached")
    let warm = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(warm.status, 0, warm.stderr)
    XCTAssertEqual(
      Array(warm.lines.prefix(4)),
      [
        "organization Success (cached just now): Red Mad Robot",
        "repositories Success (cached just now): 36 repositories (Apexy, input-mask-ios, "
          + "input-mask-android, …)",
        "merged       Success (cached just now): Red Mad Robot: 36 repositories (Apexy, "
          + "input-mask-ios, input-mask-android, …)",
        "repositories Loading: showing 36 cached repositories (Apexy, input-mask-ios, "
          + "input-mask-android, …)",
      ])
    XCTAssertEqual(
      warm.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
    XCTAssertEqual(warm.stderr, "")
  }

  func testJSONMarksTheRestoredStateAsFromTheCache() throws {
    let directory = temporaryCacheDirectory()
    _ = try BinaryRun.headless(cache: directory)
    let warm = try BinaryRun.headless(cache: directory, ["--json"])
    let objects = try warm.lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.prefix(3).map { $0["source"] as? String }, ["cache", "cache", "cache"])
    XCTAssertEqual(
      objects.prefix(3).map { $0["case"] as? String }, ["success", "success", "success"])
    XCTAssertTrue(objects.dropFirst(3).allSatisfy { $0["source"] == nil })
    XCTAssertEqual(objects[3]["case"] as? String, "loading")
  }

  func testNoCacheNeitherShowsNorWrites() throws {
    let home = temporaryCacheDirectory()
    let arguments = ["--headless", "--latency", "0", "--no-timestamps"]
    let cold = try BinaryRun.run(arguments + ["--no-cache"], environment: ["XDG_CACHE_HOME": home])
    XCTAssertEqual(cold.status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/loader-tui"))
    _ = try BinaryRun.run(arguments, environment: ["XDG_CACHE_HOME": home])
    let warm = try BinaryRun.run(arguments, environment: ["XDG_CACHE_HOME": home])
    XCTAssertEqual(warm.lines.first, "organization Success (cached just now): Red Mad Robot")
    let uncached = try BinaryRun.run(
      arguments + ["--no-cache"], environment: ["XDG_CACHE_HOME": home])
    XCTAssertEqual(uncached.lines.first, "repositories Loading: nothing cached")
    // Each loader's lines in order; the owner's answer and the first page race, so how the two
    // loaders' lines interleave differs from run to run.
    func byLoader(_ lines: [String]) -> [Substring: [String]] {
      Dictionary(grouping: lines) { $0.prefix { $0 != " " && $0 != ":" } }
    }
    XCTAssertEqual(byLoader(uncached.lines), byLoader(cold.lines))
    XCTAssertEqual(uncached.lines.count, cold.lines.count)
  }

  func testTheDefaultPlaceIsUnderXDGCacheHomePrivateToTheUser() throws {
    let home = temporaryCacheDirectory()
    let run = try BinaryRun.run(
      ["--headless", "--latency", "0"], environment: ["XDG_CACHE_HOME": home])
    XCTAssertEqual(run.status, 0)
    let directory = home + "/loader-tui"
    let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions]
    XCTAssertEqual(mode as? Int, 0o700)
    let files = entries(directory)
    XCTAssertEqual(files.count, 2)
    for file in files {
      let fileMode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions]
      XCTAssertEqual(fileMode as? Int, 0o600, file)
    }
  }

  func testCacheInfoListsEachEntryAndClearEmptiesIt() throws {
    let directory = temporaryCacheDirectory()
    let empty = try BinaryRun.run(["cache", "info", "--cache-dir", directory])
    XCTAssertEqual(empty.status, 0)
    XCTAssertEqual(
      empty.lines, ["Cache: \(directory) (not created yet)", "Size: 0 B in 0 entries"])
    _ = try BinaryRun.headless(cache: directory)
    let info = try BinaryRun.run(["cache", "info", "--cache-dir=\(directory)"])
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertEqual(info.lines.count, 4, info.stdout)
    XCTAssertEqual(info.lines[0], "Cache: \(directory)")
    XCTAssertTrue(info.lines[1].hasPrefix("Size: ") && info.lines[1].hasSuffix(" in 2 entries"))
    let listed = info.lines.dropFirst(2).sorted()
    XCTAssertTrue(listed[0].hasPrefix("  built-in repos=fixtures seed=1 | owner redmadrobot  "))
    XCTAssertTrue(listed[1].hasPrefix("  built-in repos=fixtures seed=1 | repos redmadrobot  "))
    for line in listed {
      XCTAssertNotNil(
        line.range(
          of: #"  (\d+ B|\d+\.\d KiB)  confirmed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(just now\)$"#,
          options: .regularExpression), line)
    }
    let clear = try BinaryRun.run(["cache", "clear", "--cache-dir", directory])
    XCTAssertEqual(clear.status, 0)
    XCTAssertEqual(clear.lines, ["Removed 2 entries from \(directory)"])
    XCTAssertEqual(entries(directory), [])
    let cold = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(cold.lines.first, "repositories Loading: nothing cached")
  }

  func testCacheCommandsRefuseWhatTheyCannotDo() throws {
    let file = temporaryCacheDirectory()
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let unreadable = try BinaryRun.run(["cache", "info", "--cache-dir", file])
    unreadable.assertEnded(
      with: 1,
      stderr: "loader-tui: cannot use \(file) as the cache: it is a file, not a directory; give "
        + "--cache-dir a directory.\n")
    XCTAssertEqual(try BinaryRun.run(["cache"]).status, 2)
    XCTAssertEqual(try BinaryRun.run(["cache", "info", "--headless"]).status, 2)
    let both = try BinaryRun.run(["--cache-dir", file, "--no-cache"])
    both.assertEnded(
      with: 2, stderr: "loader-tui: Use either --cache-dir or --no-cache, not both.\n")
  }

  func testACorruptEntryIsOneLineAndIsReplaced() throws {
    let directory = temporaryCacheDirectory()
    _ = try BinaryRun.headless(cache: directory)
    let info = try BinaryRun.run(["cache", "info", "--cache-dir", directory])
    let repositories = try XCTUnwrap(
      entries(directory).max { size($0) < size($1) }, info.stdout)
    try Data("not an entry at all, truncated".utf8).write(to: URL(fileURLWithPath: repositories))
    let listed = try BinaryRun.run(["cache", "info", "--cache-dir", directory])
    XCTAssertTrue(
      listed.lines.contains(
        "  \(repositories)  30 B  unusable: corrupt (30 bytes, shorter than any entry); it will "
          + "be replaced"),
      "the file names the entry whose key cannot be read: \(listed.stdout)")
    XCTAssertFalse(listed.stdout.contains("?"), listed.stdout)
    let run = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(run.status, 0)
    let errors = run.stderr.split(separator: "\n")
    XCTAssertEqual(errors.count, 1, run.stderr)
    XCTAssertTrue(errors[0].hasPrefix("loader-tui: cache entry built-in"), run.stderr)
    XCTAssertTrue(errors[0].contains("repos redmadrobot is corrupt"), run.stderr)
    XCTAssertEqual(run.lines.first, "organization Success (cached just now): Red Mad Robot")
    XCTAssertEqual(run.lines[1], "repositories Loading: nothing cached")
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
    let next = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(next.stderr, "")
    XCTAssertTrue(next.lines[1].hasPrefix("repositories Success (cached just now): 36"))
  }

  func testADirectoryWhereAnEntryShouldBeIsReplacedToo() throws {
    let directory = temporaryCacheDirectory()
    _ = try BinaryRun.headless(cache: directory)
    let organization = try XCTUnwrap(entries(directory).min { size($0) < size($1) })
    try FileManager.default.removeItem(atPath: organization)
    try FileManager.default.createDirectory(
      atPath: organization, withIntermediateDirectories: false)
    let run = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
    XCTAssertTrue(run.lines[0].hasPrefix("repositories Success (cached just now)"), run.stdout)
    let next = try BinaryRun.headless(cache: directory)
    XCTAssertEqual(next.stderr, "")
    XCTAssertEqual(next.lines.first, "organization Success (cached just now): Red Mad Robot")
  }

  /// A `--cache-dir` that is a file, or under one, is refused in one line that names the
  /// file; the default place under a file costs one line and a run without the cache.
  func testACacheDirectoryThatIsAFileIsOneLine() throws {
    let file = temporaryCacheDirectory()
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let typed = try BinaryRun.run(["--headless", "--latency", "0", "--cache-dir", file])
    typed.assertEnded(
      with: 2,
      stderr: "loader-tui: --cache-dir \(file) cannot hold the cache: it is a file, not a "
        + "directory; give a directory (it is made when missing), or --no-cache.\n")
    let under = try BinaryRun.run(["cache", "clear", "--cache-dir", file + "/sub"])
    under.assertEnded(
      with: 1,
      stderr: "loader-tui: cannot use \(file)/sub as the cache: \(file) is a file, not a "
        + "directory; give --cache-dir a directory.\n")
    let home = temporaryCacheDirectory()
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: home + "/loader-tui", contents: nil))
    let run = try BinaryRun.run(
      ["--headless", "--latency", "0", "--no-timestamps"], environment: ["XDG_CACHE_HOME": home])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stderr,
      "loader-tui: no cache this run: \(home)/loader-tui cannot hold it, it is a file, not a "
        + "directory; move that away, or give --cache-dir DIR.\n")
    XCTAssertEqual(run.lines.last, "done: 1 round, success: Red Mad Robot with 36 repositories")
  }

  private func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }
}
