import ApexyLoader
import Foundation
import XCTest

/// What the disk store keeps, and how it reads entries it cannot use.
final class FileCacheStoreTests: XCTestCase {
  private let directory = TemporaryDirectory()
  private let key = LoaderCacheKey(namespace: "https://api.github.com", name: "orgs/apple/repos")
  private let entry = LoaderCacheEntry(
    content: Data(#"[{"name":"swift"}]"#.utf8), contentVersion: 3,
    validators: [
      "https://api.github.com/orgs/apple/repos?per_page=100": ResponseValidators(
        etag: #"W/"abc""#, lastModified: "Mon, 30 Nov 2026 10:00:00 GMT")
    ], lastConfirmed: Date(timeIntervalSince1970: 1_795_000_000.25))

  override func tearDown() {
    directory.remove()
    super.tearDown()
  }

  func testAnEntryReadsBackAsWrittenInAPrivateDirectory() throws {
    let store = FileCacheStore(directory: directory.appending("nested/cache"))
    XCTAssertNil(try store.read(key), "nothing stored yet")
    try store.write(entry, for: key)
    XCTAssertEqual(
      try FileCacheStore(directory: directory.appending("nested/cache")).read(key), entry)
    XCTAssertNil(try store.read(LoaderCacheKey(namespace: key.namespace, name: "other")))
    XCTAssertEqual(mode(directory.appending("nested/cache").path), 0o700)
    XCTAssertEqual(mode(store.path(of: key)), 0o600)

    try store.remove(key)
    XCTAssertNil(try store.read(key))
    try store.remove(key)
  }

  func testATruncatedEntryIsCorruptNotContent() throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(entry, for: key)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: store.path(of: key)))
    for length in [0, 10, 30, bytes.count / 2, bytes.count - 1] {
      try bytes.prefix(length).write(to: URL(fileURLWithPath: store.path(of: key)))
      XCTAssertThrowsError(try store.read(key), "\(length) bytes") { error in
        guard case .corrupt = error as? LoaderCacheStoreError else {
          return XCTFail("\(length) bytes: \(error)")
        }
      }
    }
  }

  func testAChangedByteIsCaughtByTheChecksum() throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(entry, for: key)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: store.path(of: key)))
    bytes[bytes.count - 12] ^= 0x20
    try bytes.write(to: URL(fileURLWithPath: store.path(of: key)))
    XCTAssertThrowsError(try store.read(key)) { error in
      XCTAssertEqual(
        "\(error)",
        "cache entry https://api.github.com orgs/apple/repos is corrupt (checksum mismatch); "
          + "it will be replaced")
    }
    try store.write(entry, for: key)
    XCTAssertEqual(try store.read(key), entry, "the next write replaces it")
  }

  func testAFileOfAnotherFormatVersionIsReportedAsSuch() throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(entry, for: key)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: store.path(of: key)))
    bytes[11] = 9
    try bytes.write(to: URL(fileURLWithPath: store.path(of: key)))
    XCTAssertThrowsError(try store.read(key)) { error in
      XCTAssertEqual(
        error as? LoaderCacheStoreError, .foreignVersion(key: key, found: 9, expected: 1))
    }
  }

  func testADirectoryWhereTheEntryGoesIsReportedThenReplaced() throws {
    let store = FileCacheStore(directory: directory.url)
    try FileManager.default.createDirectory(
      atPath: store.path(of: key) + "/inside", withIntermediateDirectories: true)
    XCTAssertThrowsError(try store.read(key)) { error in
      XCTAssertEqual("\(error)", "cannot read \(store.path(of: key)): not a regular file")
    }
    try store.write(entry, for: key)
    XCTAssertEqual(try store.read(key), entry)
  }

  func testAFIFOWhereTheEntryGoesIsReportedNotWaitedOn() throws {
    let store = FileCacheStore(directory: directory.url)
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(store.path(of: key), 0o600), 0)
    XCTAssertThrowsError(try store.read(key)) { error in
      XCTAssertEqual("\(error)", "cannot read \(store.path(of: key)): not a regular file")
    }
    try store.write(entry, for: key)
    XCTAssertEqual(try store.read(key), entry)
  }

  func testAFileWhereTheDirectoryGoesFailsTheWriteInOneLine() throws {
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: directory.appending("cache"))
    let store = FileCacheStore(directory: directory.appending("cache"))
    XCTAssertThrowsError(try store.write(entry, for: key)) { error in
      XCTAssertEqual(
        "\(error)", "cannot use \(directory.appending("cache").path): it is a file, not a directory"
      )
    }
  }

  func testAnUnreadableEntryIsReported() throws {
    try XCTSkipIf(geteuid() == 0, "permissions do not stop root")
    let store = FileCacheStore(directory: directory.url)
    try store.write(entry, for: key)
    chmod(store.path(of: key), 0)
    XCTAssertThrowsError(try store.read(key)) { error in
      XCTAssertEqual("\(error)", "cannot read \(store.path(of: key)): Permission denied")
    }
  }

  func testContentsListsEveryEntryWithItsKeyAndProblems() throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(entry, for: key)
    let other = LoaderCacheKey(namespace: "demo", name: "repos")
    try store.write(entry, for: other)
    try Data("junk".utf8).write(to: URL(fileURLWithPath: store.path(of: other)))
    let contents = store.contents()
    XCTAssertEqual(contents.map(\.key), [key, nil])
    XCTAssertEqual(contents[0].lastConfirmed, entry.lastConfirmed)
    XCTAssertEqual(contents[1].bytes, 4)
    XCTAssertNotNil(contents[1].problem)

    try store.removeAll()
    XCTAssertEqual(store.contents(), [])
  }

  private func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int ?? -1)
      & 0o777
  }
}
