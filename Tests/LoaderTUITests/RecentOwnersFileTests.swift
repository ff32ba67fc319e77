import ApexyLoader
import Foundation
import GitHubAPI
import XCTest

@testable import AppModel
@testable import LoaderTUI

/// The recent owners persist with the cache: written as a cache entry is (whole or not at
/// all), read back by the next run, at most twenty, and only names GitHub would take.
final class RecentOwnersFileTests: XCTestCase {
  private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recent-owners-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  private let keys = GitHubCacheKeys.builtIn(repositoryCount: nil, seed: "1")

  func testTheNextRunReadsWhatThisOneSavedMostRecentFirst() throws {
    let store = FileCacheStore(directory: try directory())
    let file = RecentOwnersFile(store: store, keys: keys)
    XCTAssertEqual(file.read(), [], "none before the first save")
    file.save(["swift-tools", "alice", "RedMadRobot"])
    file.waitUntilWritten()
    XCTAssertEqual(
      RecentOwnersFile(store: store, keys: keys).read(), ["swift-tools", "alice", "RedMadRobot"])
    let other = RecentOwnersFile(store: store, keys: .api(URL(string: "https://api.github.com")!))
    XCTAssertEqual(other.read(), [], "each data source has its own")
  }

  func testAnEditedEntryGivesOnlyLoginsAndAtMostTwenty() throws {
    let store = FileCacheStore(directory: try directory())
    let lines = ["ok-1", "bad_name", "\u{1B}[31mred", ""] + (2...30).map { "ok-\($0)" }
    try store.write(
      LoaderCacheEntry(content: Data(lines.joined(separator: "\n").utf8), lastConfirmed: Date()),
      for: keys.recentOwners)
    let read = RecentOwnersFile(store: store, keys: keys).read()
    XCTAssertEqual(read, (1...20).map { "ok-\($0)" })
    XCTAssertEqual(read.count, OwnerHistory.limit)
  }

  func testBuiltInKeysIgnoreThePortAndFollowTheRepositoryCountAndSeed() {
    let fixtures = GitHubCacheKeys.builtIn(repositoryCount: nil, seed: "1")
    XCTAssertEqual(fixtures, .builtIn(repositoryCount: nil, seed: "1"))
    XCTAssertNotEqual(fixtures, .builtIn(repositoryCount: 5_000, seed: "1"))
    XCTAssertNotEqual(fixtures, .builtIn(repositoryCount: nil, seed: "2"))
  }
}
