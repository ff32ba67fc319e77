import ApexyLoader
import Foundation
import XCTest

/// The store stays within its limits, dropping what was written longest ago.
final class FileCacheStoreLimitsTests: XCTestCase {
  private let directory = TemporaryDirectory()

  override func tearDown() {
    directory.remove()
    super.tearDown()
  }

  func testEachNamespaceKeepsItsNewestEntries() throws {
    let store = FileCacheStore(
      directory: directory.url, limits: .init(maxEntriesPerNamespace: 2, maxTotalBytes: 1 << 20))
    let other = LoaderCacheKey(namespace: "https://other.example", name: "orgs/a")
    try store.write(entry(1), for: other)
    for org in ["a", "b", "c"] {
      try store.write(entry(1), for: LoaderCacheKey(namespace: "https://api.github.com", name: org))
    }
    XCTAssertEqual(
      names(store),
      ["https://api.github.com b", "https://api.github.com c", "https://other.example orgs/a"]
        .sorted())
  }

  func testTheTotalSizeIsBoundedOldestFirst() throws {
    let store = FileCacheStore(
      directory: directory.url, limits: .init(maxEntriesPerNamespace: 10, maxTotalBytes: 2_500))
    for name in ["1", "2", "3"] {
      try store.write(entry(1_000), for: LoaderCacheKey(namespace: "n", name: name))
    }
    XCTAssertEqual(names(store), ["n 2", "n 3"])
    try store.write(entry(1_000), for: LoaderCacheKey(namespace: "n", name: "2"))
    try store.write(entry(1_000), for: LoaderCacheKey(namespace: "n", name: "4"))
    XCTAssertEqual(names(store), ["n 2", "n 4"], "rewriting an entry makes it the newest")
  }

  func testAnEntryLargerThanTheWholeStoreIsRefused() throws {
    let store = FileCacheStore(
      directory: directory.url, limits: .init(maxEntriesPerNamespace: 10, maxTotalBytes: 500))
    let key = LoaderCacheKey(namespace: "n", name: "big")
    XCTAssertThrowsError(try store.write(entry(1_000), for: key)) { error in
      guard case .entryTooLarge(key, _, 500) = error as? LoaderCacheStoreError else {
        return XCTFail("\(error)")
      }
    }
    XCTAssertNil(try store.read(key))
  }

  func testTemporaryFilesOfGoneProcessesAreRemovedOnTheNextWrite() throws {
    let store = FileCacheStore(directory: directory.url)
    try store.write(entry(10), for: LoaderCacheKey(namespace: "n", name: "a"))
    // pid 2^22 + 1 is above Linux's largest pid, so no process has it.
    let abandoned = directory.appending(".tmp-4194305-1f")
    let live = directory.appending(".tmp-\(getpid())-2f")
    try Data("half".utf8).write(to: abandoned)
    try Data("mine".utf8).write(to: live)
    try store.write(entry(10), for: LoaderCacheKey(namespace: "n", name: "a"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path))
    XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "its writer still runs")
  }

  private func entry(_ bytes: Int) -> LoaderCacheEntry {
    LoaderCacheEntry(content: Data(repeating: 0x61, count: bytes), lastConfirmed: Date())
  }

  private func names(_ store: FileCacheStore) -> [String] {
    store.contents().compactMap(\.key?.description).sorted()
  }
}
