import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import GitHubAPI

/// GitHub's secondary rate limit: a 403 or 429 that says so in its body, with no time named.
@MainActor
final class SecondaryRateLimitTests: XCTestCase {
  private let sanitizer = TextSanitizer()
  private let body = Data(
    #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes."}"#.utf8)

  private func check(_ status: Int, _ headers: [String: String] = [:]) -> GitHubError? {
    GitHubError.check(
      HTTPURLResponseFields(statusCode: status, headers: headers), body: body, login: "acme",
      kind: .organization,
      sanitizer: sanitizer)
  }

  func testA403Or429SayingSoIsTheSecondaryRateLimit() {
    XCTAssertEqual(check(403), .secondaryRateLimit(status: 403))
    XCTAssertEqual(check(429), .secondaryRateLimit(status: 429))
    XCTAssertEqual(check(403, ["x-ratelimit-remaining": "12"]), .secondaryRateLimit(status: 403))
    XCTAssertEqual(check(403)?.statusCode, 403)
    XCTAssertEqual(check(403)?.minimumWait, 60)
  }

  func testATimeNamedOrALimitUsedUpIsReadFirst() {
    XCTAssertEqual(check(429, ["retry-after": "7"]), .retryAfter(status: 429, seconds: 7))
    XCTAssertEqual(
      check(403, ["x-ratelimit-remaining": "0"]), .rateLimited(status: 403, reset: nil))
    XCTAssertEqual(GitHubError.rateLimited(status: 403, reset: nil).minimumWait, 0)
    XCTAssertEqual(
      check(500),
      .server(
        status: 500,
        message: "You have exceeded a secondary rate limit. "
          + "Please wait a few minutes."), "only a 403 or a 429")
  }

  /// A loader on a client and clock the test drives, with `retry`, that sent its first request
  /// and was answered 403 with the secondary limit's body.
  private func refusedOnce(_ retry: RetryPolicy) async -> (
    PageByPageClient, ManualScheduler, RepositoriesLoader, LoaderStateRecorder<RepositoryList>
  ) {
    let client = PageByPageClient()
    let clock = ManualScheduler()
    let loader = RepositoriesLoader(
      apiClient: client, login: "acme", kind: .organization, sanitizer: sanitizer)
    loader.scheduler = clock
    loader.policies = LoaderPolicies(retry: retry)
    let steps = LoaderStateRecorder(loader)
    loader.load()
    await client.respond(status: 403, body: String(decoding: body, as: UTF8.self))
    return (client, clock, loader, steps)
  }

  func testALoaderWaitsAMinuteBeforeItsRetry() async {
    let (client, clock, loader, steps) = await refusedOnce(
      RetryPolicy(maxRetries: 1, maxServerWait: 120))
    XCTAssertEqual(loader.retryStatus?.nextAttempt, clock.now.addingTimeInterval(60))
    clock.advance(by: 59)
    XCTAssertEqual(client.requested.count, 1, "not before the minute")
    clock.advance(by: 1)
    XCTAssertEqual(client.requested.count, 2)
    await client.respond(body: "[]")
    // Loading, the retry scheduled, the retry sent, then the content.
    await steps.expect(
      [
        .initial, .loading(cache: nil), .loading(cache: nil), .loading(cache: nil),
        .success(content: []),
      ], timeout: .seconds(10))
  }

  func testBeyondMaxServerWaitItFailsAtOnceSayingWhen() async {
    let (client, clock, loader, steps) = await refusedOnce(
      RetryPolicy(maxRetries: 3, maxServerWait: 30))
    let later = RetryLaterError(
      retryAt: clock.now.addingTimeInterval(60),
      underlying: GitHubError.secondaryRateLimit(status: 403))
    await steps.expect(
      [.initial, .loading(cache: nil), .failure(error: later, cache: nil)],
      timeout: .seconds(10))
    let error = loader.state.error as? RetryLaterError
    XCTAssertEqual(error?.retryAt, clock.now.addingTimeInterval(60))
    XCTAssertEqual(error?.underlying as? GitHubError, .secondaryRateLimit(status: 403))
    XCTAssertEqual(client.requested.count, 1)
  }
}
