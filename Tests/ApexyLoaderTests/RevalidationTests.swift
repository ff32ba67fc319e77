import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

final class RevalidationTests: ScriptedLoaderTestCase {
  private func loader() -> TextLoader {
    textLoader(LoaderPolicies(revalidates: true))
  }

  func testANotModifiedAnswerKeepsTheContentWithoutDecodingAndConfirmsIt() async {
    let loader = loader()
    loader.load()
    let first = client.respond(headers: ["ETag": #""v1""#], body: "hello")
    XCTAssertNil(first?.value(forHTTPHeaderField: "If-None-Match"))
    XCTAssertEqual(loader.freshness, Freshness(lastConfirmed: clock.now, wasNotModified: false))

    clock.advance(by: 90)
    let log = LoaderLog(loader)
    loader.load()
    let second = client.respond(status: 304, headers: ["ETag": #""v1""#])
    XCTAssertEqual(second?.value(forHTTPHeaderField: "If-None-Match"), #""v1""#)
    XCTAssertEqual(loader.state, .success(content: "hello"))
    XCTAssertEqual(loader.decodes.value, 1, "a 304 decodes nothing")
    XCTAssertEqual(log.lines, [#"Loading: cache Optional("hello")"#, "Success: hello"])
    XCTAssertEqual(loader.freshness, Freshness(lastConfirmed: clock.now, wasNotModified: true))
    XCTAssertEqual(loader.lastResponse?.isNotModified, true)
  }

  func testChangedContentReplacesTheOldAndItsValidators() async {
    let loader = loader()
    loader.load()
    client.respond(headers: ["Last-Modified": "Mon, 30 Nov 2026 10:00:00 GMT"], body: "old")
    loader.load()
    let second = client.respond(headers: ["ETag": #"W/"v2""#], body: "new")
    XCTAssertEqual(
      second?.value(forHTTPHeaderField: "If-Modified-Since"), "Mon, 30 Nov 2026 10:00:00 GMT")
    XCTAssertEqual(loader.state, .success(content: "new"))
    XCTAssertEqual(loader.freshness.wasNotModified, false)
    loader.load()
    let third = client.respond(status: 304)
    XCTAssertEqual(third?.value(forHTTPHeaderField: "If-None-Match"), #"W/"v2""#)
    XCTAssertNil(third?.value(forHTTPHeaderField: "If-Modified-Since"))
    XCTAssertEqual(loader.state, .success(content: "new"))
    XCTAssertEqual(loader.decodes.value, 2)
  }

  func testAResponseWithoutValidatorsIsNotRevalidated() async {
    let loader = loader()
    loader.load()
    client.respond(body: "plain")
    loader.load()
    let second = client.respond(body: "plain")
    XCTAssertNil(second?.value(forHTTPHeaderField: "If-None-Match"))
    XCTAssertNil(second?.value(forHTTPHeaderField: "If-Modified-Since"))
    XCTAssertEqual(loader.revalidationCache.count, 0)
  }

  func testAFailedRevalidationKeepsTheContentAsCache() async {
    let loader = loader()
    loader.load()
    client.respond(headers: ["ETag": #""v1""#], body: "hello")
    loader.load()
    client.respond(status: 404)
    XCTAssertEqual(loader.state, .failure(error: StatusError(status: 404), cache: "hello"))
    loader.load()
    client.respond(status: 304)
    XCTAssertEqual(loader.state, .success(content: "hello"))
  }

  func testStaleAfterComparesTheLastConfirmationWithTheClock() async {
    let loader = textLoader(LoaderPolicies(revalidates: true, staleAfter: 60))
    XCTAssertFalse(loader.isStale, "nothing confirmed is not stale")
    loader.load()
    client.respond(headers: ["ETag": "1"], body: "hello")
    clock.advance(by: 59)
    XCTAssertFalse(loader.isStale)
    clock.advance(by: 1)
    XCTAssertTrue(loader.isStale)
    XCTAssertEqual(loader.freshness.age(at: clock.now), 60)
    loader.load()
    client.respond(status: 304)
    XCTAssertFalse(loader.isStale, "a 304 confirms the content afresh")
  }
}
