import ApexyLoader
import Foundation
import XCTest

/// A cache of `Sendable` values is `Sendable`: pages may be stored from decoding queues while
/// others read them.
final class RevalidationCacheThreadsTests: XCTestCase {
  func testPagesStoredAndReadFromManyThreadsAtOnce() {
    let cache = RevalidationCache<[String]>()
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let key = "https://api.example/items?page=\(index % 8)"
      cache.store(
        ["item \(index)"], validators: ResponseValidators(etag: "\"\(index)\""), forKey: key)
      if let stored = cache.stored(forKey: key) {
        XCTAssertEqual(stored.value.count, 1)
        XCTAssertNotNil(stored.validators.etag)
      }
      _ = cache.validatorsByKey
    }
    XCTAssertEqual(cache.count, 8)
    for page in 0..<8 {
      let stored = cache.stored(forKey: "https://api.example/items?page=\(page)")
      XCTAssertEqual(stored.map { "\"\($0.value[0].dropFirst(5))\"" }, stored?.validators.etag)
    }
  }
}
