import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The shared loaders' policies against the built-in server: 304s, retries, the rate limit.
@MainActor
final class RevalidatingLoaderTests: XCTestCase {
  /// Real time to start from, since the server states its rate-limit reset in real time.
  private let clock = ManualScheduler(now: Date())

  private func serve(_ configure: (inout DemoServer.Options) -> Void = { _ in }) throws -> (
    DemoServer, GitHubLoaders
  ) {
    var options = DemoServer.Options(organizationLatency: 0, repositoriesLatency: 0)
    configure(&options)
    let server = DemoServer(options: options)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    let loaders = GitHubLoaders(
      testing: GitHubConfiguration(baseURL: url, owner: "RedMadRobot", ownerKind: .organization))
    loaders.firstOwner.owner.scheduler = clock
    loaders.firstOwner.repositories.scheduler = clock
    // The largest backoff of each retry, so the schedule is known: 1 s, 2 s, 4 s.
    var policies = loaders.firstOwner.repositories.policies
    policies.retry?.random = { $0.upperBound }
    loaders.firstOwner.repositories.policies = policies
    loaders.firstOwner.owner.policies = policies
    return (server, loaders)
  }

  /// Waits (on the main actor, without sleeping) until `condition` holds after a change; fails
  /// after 10 s rather than hang.
  private func until<T>(
    _ loader: WebLoader<T>, file: StaticString = #filePath, line: UInt = #line,
    _ condition: @escaping () -> Bool
  ) async {
    if condition() { return }
    var observation: LoaderObservation?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var resumed = false
      observation = loader.observe {
        guard !resumed, condition() else { return }
        resumed = true
        done.resume()
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + 10) {
        MainActor.assumeIsolated {
          guard !resumed else { return }
          resumed = true
          XCTFail("the loader never got there", file: file, line: line)
          done.resume()
        }
      }
    }
    _ = observation
  }

  private func settled<T>(_ loader: WebLoader<T>) async {
    await until(loader) {
      if case .loading = loader.state { return false }
      if case .initial = loader.state { return false }
      return true
    }
  }

  func testAnUnchangedReloadIsAll304sAndKeepsTheSameArrayUndecoded() async throws {
    let (server, loaders) = try serve()
    let repositories = loaders.firstOwner.repositories
    repositories.load()
    await settled(repositories)
    XCTAssertEqual(repositories.lastPageCounts, PageCounts(decoded: 4, reused: 0))
    let before = try XCTUnwrap(repositories.state.content)
    let port = loaders.configuration.baseURL.port ?? 0
    let key = "http://127.0.0.1:\(port)/orgs/RedMadRobot/repos?per_page=10&page=2"
    let cached = try XCTUnwrap(repositories.pageCache.value(forKey: key)?.slice)
    XCTAssertEqual(
      cached.withUnsafeBufferPointer(\.baseAddress),
      before.pages[1].withUnsafeBufferPointer(\.baseAddress),
      "the page cache holds the list's own page 2, not a copy")

    repositories.load()
    await settled(repositories)
    XCTAssertEqual(repositories.state.content?.count, 36)
    XCTAssertEqual(repositories.lastPageCounts, PageCounts(decoded: 0, reused: 4))
    XCTAssertTrue(repositories.freshness.wasNotModified)
    let after = try XCTUnwrap(repositories.state.content)
    XCTAssertEqual(after.sharedPages(with: before), 4, "the very same pages")
    let reload = server.requests.suffix(4)
    XCTAssertTrue(reload.allSatisfy { $0.headers["if-none-match"]?.hasPrefix("\"") == true })
    XCTAssertEqual(repositories.lastResponse?.statusCode, 304)
  }

  func testOneChangedPageIsDecodedAndTheListRebuiltFromItAndTheKeptPages() async throws {
    let (_, loaders) = try serve()
    let repositories = loaders.firstOwner.repositories
    repositories.load()
    await settled(repositories)
    let names = repositories.state.content?.map(\.name)
    // Page 2's stored answer no longer matches the server's: it must come again, whole.
    let port = loaders.configuration.baseURL.port ?? 0
    let key = "http://127.0.0.1:\(port)/orgs/RedMadRobot/repos?per_page=10&page=2"
    let stored = try XCTUnwrap(repositories.pageCache.value(forKey: key))
    repositories.pageCache.store(
      CachedPage(repositories: [], next: stored.next),
      validators: ResponseValidators(etag: "\"old\""), forKey: key)

    repositories.load()
    await settled(repositories)
    XCTAssertEqual(repositories.lastPageCounts, PageCounts(decoded: 1, reused: 3))
    XCTAssertEqual(repositories.state.content?.map(\.name), names)
    XCTAssertFalse(repositories.freshness.wasNotModified)
  }

  func testAFlakyRouteRecoversWithinTheBackoffSchedule() async throws {
    let (server, loaders) = try serve {
      $0.failureMode = .flaky
      $0.failingRoutes = [.repositories]
    }
    let repositories = loaders.firstOwner.repositories
    let started = clock.now
    repositories.load()
    for (retry, wait) in [(1, 1.0), (2, 2.0)] {
      await until(repositories) { repositories.retryStatus?.retry == retry }
      let status = try XCTUnwrap(repositories.retryStatus)
      XCTAssertEqual(status.maxRetries, 3)
      XCTAssertEqual(status.secondsLeft(at: clock.now), wait, accuracy: 0.001)
      clock.advance(by: wait)
    }
    await settled(repositories)
    XCTAssertEqual(repositories.state.content?.count, 36)
    XCTAssertNil(repositories.retryStatus)
    XCTAssertEqual(clock.now.timeIntervalSince(started), 3, "1 s + 2 s, as scheduled")
    let firstPages = server.requests.filter { $0.queryValue("page") == "1" }
    XCTAssertEqual(firstPages.count, 3, "two failures, then the answer")
  }

  func testRetryAfterIsWaitedForExactly() async throws {
    let (server, loaders) = try serve {
      $0.failureMode = .retryAfter
      $0.failingRoutes = [.organization]
      $0.failureCount = 1
      $0.retryAfterSeconds = 7
    }
    let organization = loaders.firstOwner.owner
    organization.load()
    await until(organization) { organization.retryStatus != nil }
    XCTAssertEqual(
      organization.retryStatus?.nextAttempt.timeIntervalSince(clock.now) ?? 0, 7,
      accuracy: 0.001)
    clock.advance(by: 6.999)
    XCTAssertEqual(server.requests.count, 1, "not a moment before Retry-After allows")
    XCTAssertTrue(organization.state.isLoading)
    clock.advance(by: 0.001)
    await settled(organization)
    XCTAssertEqual(organization.state.content?.login, "RedMadRobot")
    XCTAssertEqual(server.requests.count, 2)
  }

  func testAUsedUpRateLimitFailsAtOnceWithTheLocalResetTime() async throws {
    let (server, loaders) = try serve {
      $0.failureMode = .rateLimit
      $0.failingRoutes = [.organization]
      $0.rateLimit = 60
    }
    let organization = loaders.firstOwner.owner
    organization.load()
    await settled(organization)
    XCTAssertEqual(server.requests.count, 1, "a reset an hour away is past --max-wait")
    XCTAssertEqual(loaders.rateLimit.current?.remaining, 0)

    organization.load()
    await settled(organization)
    XCTAssertEqual(server.requests.count, 1, "nothing sent while the limit is used up")
    let error = try XCTUnwrap(organization.state.error as? RateLimitExceededError)
    XCTAssertEqual(error.limit.limit, 60, "the server's limit, which every answer states")
    XCTAssertEqual(error.limit.remaining, 0)
  }
}
