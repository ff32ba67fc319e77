import ApexyLoader
import Foundation
import XCTest

/// Runs `CacheStoreStress` (built next to the test bundle) and checks the entries it writes.
struct StressWriter {
  static let key = LoaderCacheKey(namespace: "stress", name: "repositories")

  /// The path of `CacheStoreStress`, next to the test bundle.
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("CacheStoreStress")
  }

  let process = Process()
  let output: URL

  /// Starts writing generations from `first` into `directory`, `count` of them or until killed;
  /// what it prints goes to a file, readable after it ends however it ends.
  init(directory: URL, first: Int, count: Int? = nil) throws {
    try self.init(
      directory: directory, tag: "\(first)",
      arguments: ["write", directory.path, "\(first)"] + (count.map { ["\($0)"] } ?? []))
  }

  /// Starts writing generation `generation` with files limited to `bytes`, as a disk that fills
  /// up mid-write.
  init(directory: URL, generation: Int, fileSizeLimit bytes: Int) throws {
    try self.init(
      directory: directory, tag: "capped",
      arguments: ["write-capped", directory.path, "\(generation)", "\(bytes)"])
  }

  private init(directory: URL, tag: String, arguments: [String]) throws {
    output = directory.deletingLastPathComponent()
      .appendingPathComponent("\(directory.lastPathComponent)-\(tag).out")
    try FileManager.default.createDirectory(
      at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data().write(to: output)
    process.executableURL = Self.binary
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.standardError
    try process.run()
  }

  /// Ends the writer with SIGKILL, wherever it is, and waits for it.
  func kill9() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Waits until the writer reported its first write (at most 20 s).
  func waitForFirstWrite() throws {
    let deadline = Date(timeIntervalSinceNow: 20)
    while written.isEmpty {
      guard process.isRunning, Date() < deadline else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no first write"])
      }
      usleep(2_000)
    }
  }

  /// Waits until a temporary file of this writer is in `directory` (at most 20 s).
  func waitForTemporaryFile(in directory: URL) throws {
    let prefix = ".tmp-\(process.processIdentifier)-"
    let deadline = Date(timeIntervalSinceNow: 20)
    while !Self.temporaryFiles(in: directory).contains(where: { $0.hasPrefix(prefix) }) {
      guard process.isRunning, Date() < deadline else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no write"])
      }
      usleep(200)
    }
  }

  /// What it printed.
  var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  /// The generations it reported as written (on disk) so far.
  var written: [Int] {
    printed.split(separator: "\n").compactMap { Int($0.dropFirst("wrote ".count)) }
  }

  /// The generation of `entry`, after checking it is whole: its validators, its time and every
  /// one of its 5,000 repositories carry the same generation.
  static func generation(of entry: LoaderCacheEntry) throws -> Int {
    let etag = try XCTUnwrap(entry.validators.values.first?.etag)
    let generation = try XCTUnwrap(Int(etag.dropFirst(2).dropLast()), etag)
    XCTAssertEqual(entry.lastConfirmed, Date(timeIntervalSince1970: TimeInterval(generation)))
    // The store's checksum already proves the bytes are those of one write; this proves that
    // write was one generation through and through, with every repository in it.
    let content = entry.content
    XCTAssertEqual(content.first, UInt8(ascii: "["))
    XCTAssertEqual(content.last, UInt8(ascii: "]"))
    let marker = Array(#""description":"generation "#.utf8)
    let stamp = Array(String(format: "%06d", generation).utf8)
    var repositories = 0
    var mixed = 0
    content.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let bytes = raw.bindMemory(to: UInt8.self)
      var index = 0
      let last = bytes.count - marker.count - stamp.count
      while index <= last {
        if bytes[index] == marker[0], memcmp(bytes.baseAddress! + index, marker, marker.count) == 0
        {
          repositories += 1
          index += marker.count
          if memcmp(bytes.baseAddress! + index, stamp, stamp.count) != 0 { mixed += 1 }
        }
        index += 1
      }
    }
    XCTAssertEqual(repositories, 5_000)
    XCTAssertEqual(mixed, 0, "repositories of another generation in entry \(generation)")
    return generation
  }

  /// The temporary files in `directory`.
  static func temporaryFiles(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasPrefix(".tmp-") }
  }
}
