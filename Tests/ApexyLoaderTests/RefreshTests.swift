import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

final class RefreshTests: ScriptedLoaderTestCase {
  func testNoTimerExistsWhileNothingAsksForRefresh() async {
    let loader = textLoader(LoaderPolicies(retry: RetryPolicy(), revalidates: true, staleAfter: 10))
    loader.load()
    client.respond(headers: ["ETag": "1"], body: "hello")
    XCTAssertEqual(clock.pendingCount, 0)
    clock.advance(by: 3_600)
    XCTAssertEqual(client.sent, 1)
  }

  func testARefreshIntervalRevalidatesAfterEachLoad() async {
    let loader = textLoader(LoaderPolicies(revalidates: true, refreshInterval: 60))
    XCTAssertEqual(clock.pendingCount, 0, "no timer before the first load ends")
    loader.load()
    XCTAssertEqual(clock.pendingCount, 0, "no timer while loading")
    client.respond(headers: ["ETag": "1"], body: "hello")
    XCTAssertEqual(clock.nextDueDate, clock.now.addingTimeInterval(60))
    clock.advance(by: 59)
    XCTAssertEqual(client.sent, 1)
    clock.advance(by: 1)
    XCTAssertEqual(client.sent, 2)
    XCTAssertEqual(client.waiting.first?.request.value(forHTTPHeaderField: "If-None-Match"), "1")
    client.respond(status: 304)
    XCTAssertEqual(loader.freshness, Freshness(lastConfirmed: clock.now, wasNotModified: true))
    XCTAssertEqual(clock.nextDueDate, clock.now.addingTimeInterval(60))
  }

  func testTheServersPollIntervalRaisesTheRefreshInterval() async {
    let loader = textLoader(LoaderPolicies(refreshInterval: 60))
    loader.load()
    client.respond(headers: ["X-Poll-Interval": "120"], body: "hello")
    XCTAssertEqual(loader.lastResponse?.pollInterval, 120)
    XCTAssertEqual(clock.nextDueDate, clock.now.addingTimeInterval(120))
    loader.policies.refreshInterval = 300
    XCTAssertEqual(clock.nextDueDate, clock.now.addingTimeInterval(300), "a longer own interval")
  }

  func testTurningRefreshOffOrReleasingTheLoaderRemovesTheTimer() async {
    var loader: TextLoader? = textLoader(LoaderPolicies(refreshInterval: 5))
    loader?.load()
    client.respond(body: "hello")
    XCTAssertEqual(clock.pendingCount, 1)
    loader?.policies.refreshInterval = nil
    XCTAssertEqual(clock.pendingCount, 0)
    loader?.policies.refreshInterval = 5
    XCTAssertEqual(clock.pendingCount, 1)
    loader = nil
    XCTAssertEqual(clock.pendingCount, 0)
    clock.advance(by: 60)
    XCTAssertEqual(client.sent, 1)
  }

  func testARefreshAfterAFailureTriesAgain() async {
    let loader = textLoader(LoaderPolicies(refreshInterval: 30))
    loader.load()
    client.respond(status: 500)
    XCTAssertEqual(loader.state.error as? StatusError, StatusError(status: 500))
    clock.advance(by: 30)
    client.respond(body: "back")
    XCTAssertEqual(loader.state, .success(content: "back"))
  }
}
