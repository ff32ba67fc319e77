import ApexyLoader
import Foundation
import XCTest

/// Where an application's cache goes by default.
final class CacheLocationTests: XCTestCase {
  func testXDGCacheHomeWinsOverHome() {
    let url = FileCacheStore.userCacheDirectory(
      named: "loader-tui", environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"])
    XCTAssertEqual(url?.path, "/var/cache/me/loader-tui")
  }

  func testWithoutAnAbsoluteXDGCacheHomeItIsUnderHome() {
    for xdg in [nil, "", "relative/cache"] {
      var environment = ["HOME": "/home/me"]
      environment["XDG_CACHE_HOME"] = xdg
      XCTAssertEqual(
        FileCacheStore.userCacheDirectory(named: "loader-tui", environment: environment)?.path,
        "/home/me/.cache/loader-tui", "XDG_CACHE_HOME=\(xdg ?? "unset")")
    }
  }

  func testWithoutHomeThereIsNone() {
    XCTAssertNil(FileCacheStore.userCacheDirectory(named: "loader-tui", environment: [:]))
    XCTAssertNil(
      FileCacheStore.userCacheDirectory(named: "loader-tui", environment: ["HOME": "nowhere"]))
  }
}
