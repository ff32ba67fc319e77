import DemoOptions
import Foundation
import XCTest

@testable import DemoAPI
@testable import LoopbackHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One page of an owner's repositories failing (`--fail page=N`) while the others answer, and
/// each page held for `--page-latency`, as GitHub holds a page of 100 for 0.3–1 s.
final class DemoSlowAndFailingPagesTests: XCTestCase {
  private var base = ""

  /// A started server with `options` as they are (delays included).
  private func serve(_ options: DemoServer.Options) throws -> DemoServer {
    let server = DemoServer(options: options)
    base = try server.start().absoluteString
    addTeardownBlock { server.stop() }
    return server
  }

  /// `path` as the loopback server would hand it to the demo server.
  private func request(_ path: String) throws -> HTTPRequest {
    try XCTUnwrap(HTTPRequest.parse(head: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1"))
  }

  /// The main organization's repositories page `page`, 10 a page.
  private func pagePath(_ page: Int) -> String {
    "/orgs/RedMadRobot/repos?per_page=10&page=\(page)"
  }

  /// The status of `path` over HTTP.
  private func status(_ path: String) async throws -> Int {
    let (_, response) = try await URLSession.shared.data(
      from: try XCTUnwrap(URL(string: base + path)))
    return try XCTUnwrap(response as? HTTPURLResponse).statusCode
  }

  /// The statuses of the main organization's `pages`, one after the other.
  private func statuses(_ pages: [Int]) async throws -> [Int] {
    var statuses: [Int] = []
    for page in pages { statuses.append(try await status(pagePath(page))) }
    return statuses
  }

  /// What a reply does, to compare a page's with the mode's: the status and the start of the
  /// body, or how the connection ends.
  private func summary(_ reply: HTTPReply?) -> String {
    switch reply {
    case .respond(let response)?:
      "\(response.status) \(String(decoding: response.body.prefix(60), as: UTF8.self))"
    case .drop?: "drop"
    case .neverAnswer?: "no answer"
    case nil: "served"
    }
  }

  /// A reply's status, `Location`, `Link` and body, without the server's `origin` (each
  /// server has its port), to tell a changed page from an unchanged one.
  private func content(_ reply: HTTPReply, origin: String) -> String {
    guard case .respond(let response) = reply else { return summary(reply) }
    let named = response.headers.filter { ["Location", "Link"].contains($0.name) }
    let text = "\(named.map(\.value)) \(String(decoding: response.body, as: UTF8.self))"
    return "\(response.status) " + text.replacingOccurrences(of: origin, with: "")
  }

  func testANamedPageFailsAndTheOthersAnswer() async throws {
    _ = try serve(DemoServer.Options(failingPages: [2]).withoutDelays)
    let pages = try await statuses([1, 2, 3])
    XCTAssertEqual(pages, [200, 503, 200])
    let profile = try await status("/orgs/RedMadRobot")
    XCTAssertEqual(profile, 200, "page= fails the repositories route only")
    let other = try await status("/users/bob-builder/repos?per_page=10&page=2")
    XCTAssertEqual(other, 503, "every owner's page 2")
  }

  func testANamedPageFailsInItsRoundOnly() async throws {
    let server = try serve(DemoServer.Options(failingRounds: [1], failingPages: [2]).withoutDelays)
    let first = try await statuses([1, 2, 3])
    XCTAssertEqual(first, [200, 503, 200])
    let profile = try await status("/orgs/RedMadRobot")
    XCTAssertEqual(profile, 200, "page= narrows the round to the repositories route")
    server.round = 2
    let second = try await statuses([1, 2, 3])
    XCTAssertEqual(second, [200, 200, 200])
  }

  func testEachOwnersRoundsAreCountedOnTheirOwn() async throws {
    let server = try serve(DemoServer.Options(failingRounds: [2]).withoutDelays)
    server.setRound(1, owner: "Alice")
    server.setRound(1, owner: "bob-builder")
    server.setRound(2, owner: "alice")
    let alice = try await status("/users/alice")
    XCTAssertEqual(alice, 503, "alice's round 2")
    let bob = try await status("/users/bob-builder/repos?per_page=10&page=1")
    XCTAssertEqual(bob, 200, "bob is still in his round 1, whatever alice started")
    let formerly = try await status("/users/old-bob")
    XCTAssertEqual(formerly, 200, "bob's former login is bob's: his round 1, no failure")
    server.setRound(2, owner: "bob-builder")
    let second = try await status("/users/bob-builder")
    XCTAssertEqual(second, 503)
  }

  /// Every mode that changes the reply sends it for the named page alone.
  func testANamedPageFailsInEveryMode() throws {
    for mode in DemoFailureMode.allCases where !mode.recovers {
      let expected = DemoFailureReply.reply(mode, route: .repositories, now: Date())
      guard expected != nil else { continue }
      let server = try serve(DemoServer.Options(failureMode: mode, failingPages: [2]).withoutDelays)
      for page in [1, 3] {
        XCTAssertEqual(
          summary(server.handle(try request(pagePath(page)))).prefix(4), "200 ", "\(mode) \(page)")
      }
      XCTAssertEqual(
        summary(server.handle(try request(pagePath(2)))), summary(expected), mode.rawValue)
      server.stop()
    }
  }

  /// The modes that change the content (links, redirects, names) change the named page alone.
  func testANamedPageAloneHasItsContentChanged() throws {
    let plain = try serve(DemoServer.Options().withoutDelays)
    let plainOrigin = base
    let modes = DemoFailureMode.allCases.filter {
      DemoFailureReply.reply($0, route: .repositories, now: Date()) == nil
    }
    XCTAssertEqual(modes.count, 6, "\(modes)")
    for mode in modes {
      let server = try serve(DemoServer.Options(failureMode: mode, failingPages: [2]).withoutDelays)
      let origin = base
      func same(_ page: Int) throws -> Bool {
        let path = pagePath(page)
        return try content(server.handle(request(path)), origin: origin)
          == content(plain.handle(request(path)), origin: plainOrigin)
      }
      XCTAssertEqual(try [1, 2, 3].map(same), [true, false, true], mode.rawValue)
      server.stop()
    }
  }

  /// A recovering mode counts the failures of each page apart.
  func testRecoveringModesCountEachPageApart() throws {
    let server = try serve(
      DemoServer.Options(failureMode: .retryAfter, failingPages: [2, 3]).withoutDelays)
    let count = DemoServerOptions.defaultFailureCount
    var statuses: [Int: [String]] = [:]
    for _ in 0...count {
      for page in [1, 2, 3] {
        statuses[page, default: []].append(
          String(summary(server.handle(try request(pagePath(page)))).prefix(3)))
      }
    }
    let recovering = Array(repeating: "429", count: count) + ["200"]
    XCTAssertEqual(statuses[1], Array(repeating: "200", count: count + 1))
    XCTAssertEqual(statuses[2], recovering)
    XCTAssertEqual(statuses[3], recovering)
  }

  func testEachPageIsHeldForThePageLatency() async throws {
    let latency = 0.05
    _ = try serve(
      DemoServer.Options(organizationLatency: 0, repositoriesLatency: 0, pageLatency: latency))
    let clock = ContinuousClock()
    for page in 1...4 {
      let start = clock.now
      let answered = try await status(pagePath(page))
      let elapsed = clock.now - start
      XCTAssertEqual(answered, 200)
      XCTAssertGreaterThanOrEqual(elapsed, .seconds(latency), "page \(page)")
    }
  }

  /// The page latency replaces the repositories latency spread over the pages, for every
  /// answer of the repositories route, and leaves the profile alone.
  func testThePageLatencyReplacesTheSpreadAndLeavesTheProfileAlone() throws {
    let server = try serve(
      DemoServer.Options(
        organizationLatency: 0.25, repositoriesLatency: 5, pageLatency: 0.75,
        failingPages: [3]))
    func delay(_ path: String) throws -> TimeInterval? {
      guard case .respond(let response) = server.handle(try request(path)) else { return nil }
      return response.delay
    }
    XCTAssertEqual(try delay(pagePath(1)), 0.75, "not 5 s over 4 pages")
    XCTAssertEqual(try delay(pagePath(3)), 0.75, "a failing page too")
    XCTAssertEqual(try delay("/users/carol/repos"), 0.75)
    XCTAssertEqual(try delay("/orgs/RedMadRobot"), 0.25)
    XCTAssertEqual(try delay("/users/alice"), 0.25)
    let spread = try serve(DemoServer.Options(organizationLatency: 0.25, repositoriesLatency: 5))
    guard case .respond(let page) = spread.handle(try request(pagePath(1))) else {
      return XCTFail("no answer")
    }
    XCTAssertEqual(page.delay, 1.25, "without it, 5 s over the fixtures' 4 pages")
  }
}
