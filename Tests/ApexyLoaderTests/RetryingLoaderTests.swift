import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

final class RetryingLoaderTests: ScriptedLoaderTestCase {
  /// Retries at the top of each backoff range: 1 s, 2 s, 4 s.
  private func loader(retries: Int = 3) -> TextLoader {
    textLoader(
      LoaderPolicies(
        retry: RetryPolicy(maxRetries: retries, baseDelay: 1, random: { $0.upperBound })))
  }

  func testTransientFailuresAreRetriedWhileTheStateStaysLoading() async {
    let loader = loader()
    let log = LoaderLog(loader)
    loader.load()
    client.respond(status: 503)
    XCTAssertEqual(loader.retryStatus?.attempt, 2)
    XCTAssertEqual(loader.retryStatus?.maxAttempts, 4)
    XCTAssertEqual(loader.retryStatus?.error as? StatusError, StatusError(status: 503))
    clock.advance(by: 0.999)
    XCTAssertEqual(client.sent, 1, "no retry before its time")
    clock.advance(by: 0.001)
    XCTAssertEqual(client.sent, 2)
    client.fail(URLError(.networkConnectionLost))
    clock.advance(by: 2)
    client.respond(body: "hello")
    XCTAssertEqual(
      log.lines,
      [
        "Loading: cache nil",
        "Loading: cache nil (retry 1/3 at +1s)",
        "Loading: cache nil (retry 2/3 at +2s)",
        "Loading: cache nil",
        "Success: hello",
      ])
    XCTAssertNil(loader.retryStatus)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func testTheLastFailureIsReportedWhenRetriesRunOut() async {
    let loader = loader(retries: 2)
    loader.load()
    client.respond(status: 500)
    clock.advance(by: 1)
    client.respond(status: 502)
    clock.advance(by: 2)
    client.respond(status: 504)
    XCTAssertEqual(client.sent, 3)
    XCTAssertEqual(loader.state.error as? StatusError, StatusError(status: 504))
    XCTAssertNil(loader.retryStatus)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func testClientErrorsAndUnreadableBodiesFailAtOnce() async {
    let loader = loader()
    for status in [400, 401, 403, 404, 422] {
      loader.load()
      client.respond(status: status)
      XCTAssertEqual(loader.state.error as? StatusError, StatusError(status: status))
    }
    loader.load()
    client.respond(status: 200, body: "")
    XCTAssertEqual(loader.state.error as? DecodeError, DecodeError())
    XCTAssertEqual(client.sent, 6)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func testPostAndPatchAreNotRetriedButPutAndDeleteAre() async {
    let loader = loader()
    for method in ["POST", "PATCH"] {
      loader.startLoading()
      loader.request(TextPathEndpoint(path: "text", method: method))
      client.fail(URLError(.timedOut))
      XCTAssertEqual((loader.state.error as? URLError)?.code, .timedOut, method)
      XCTAssertNil(loader.retryStatus, "\(method) may have been applied: not sent again")
      XCTAssertEqual(clock.pendingCount, 0)
    }
    XCTAssertEqual(client.sent, 2)
    for method in ["PUT", "DELETE"] {
      loader.startLoading()
      loader.request(TextPathEndpoint(path: "text", method: method))
      client.fail(URLError(.timedOut))
      XCTAssertEqual(loader.retryStatus?.attempt, 2, method)
      clock.advance(by: 1)
      client.respond(body: "done")
      XCTAssertEqual(loader.state, .success(content: "done"), method)
    }
    XCTAssertEqual(client.sent, 6)
  }

  func testRetryAfterIsHonouredToTheSecond() async {
    let loader = loader()
    loader.load()
    client.respond(status: 429, headers: ["Retry-After": "5"])
    XCTAssertEqual(loader.retryStatus?.nextAttempt, clock.now.addingTimeInterval(5))
    clock.advance(by: 4.999)
    XCTAssertEqual(client.sent, 1)
    clock.advance(by: 0.001)
    XCTAssertEqual(client.sent, 2)
  }

  func testAWaitPastTheCapFailsAtOnceSayingWhenToTryAgain() async {
    let loader = textLoader(LoaderPolicies(retry: RetryPolicy(maxServerWait: 30)))
    loader.load()
    let reset = Int(clock.now.timeIntervalSince1970) + 600
    client.respond(
      status: 403,
      headers: [
        "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "\(reset)",
      ])
    let error = loader.state.error as? RetryLaterError
    XCTAssertEqual(error?.retryAt, Date(timeIntervalSince1970: TimeInterval(reset)))
    XCTAssertEqual(error?.underlying as? StatusError, StatusError(status: 403))
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertEqual(loader.lastResponse?.rateLimit?.remaining, 0)
  }

  func testCancellingTheLoadCancelsTheWait() async {
    let loader = loader()
    loader.load()
    client.respond(status: 503)
    XCTAssertEqual(clock.pendingCount, 1)
    loader.progress?.cancel()
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertEqual((loader.state.error as? URLError)?.code, .cancelled)
    XCTAssertNil(loader.retryStatus)
    clock.advance(by: 60)
    XCTAssertEqual(client.sent, 1)
  }

  func testCancellingTheLoadFromOtherThreadsEndsItOnceOnTheMainActor() async {
    let loader = loader()
    let log = LoaderLog(loader)
    loader.load()
    client.respond(status: 503)
    XCTAssertEqual(clock.pendingCount, 1)
    let progress = loader.progress
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: 8) { _ in progress?.cancel() }
        done.resume()
      }
    }
    // Each cancel reaches the main actor as the main queue's next work.
    await mainQueueTurn()
    XCTAssertEqual((loader.state.error as? URLError)?.code, .cancelled)
    let printed = loader.state.error.map { String(describing: $0) } ?? ""
    XCTAssertTrue(printed.contains("while waiting to retry"), printed)
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertEqual(
      log.lines,
      [
        "Loading: cache nil", "Loading: cache nil (retry 1/3 at +1s)", "Loading: cache nil",
        "Failure: cancelled, cache nil",
      ], "the load ends once")
    clock.advance(by: 60)
    XCTAssertEqual(client.sent, 1)
  }

  func testReleasingTheLoaderCancelsTheWaitAndTheRequestInFlight() async {
    var loader: TextLoader? = loader()
    loader?.load()
    client.respond(status: 503)
    XCTAssertEqual(clock.pendingCount, 1)
    loader = nil
    XCTAssertEqual(clock.pendingCount, 0)
    clock.advance(by: 60)
    XCTAssertEqual(client.sent, 1)

    var second: TextLoader? = self.loader()
    second?.load()
    let inFlight = client.waiting.first?.progress
    second = nil
    XCTAssertEqual(inFlight?.isCancelled, true)
  }

  func testALoaderWithoutPoliciesSendsOnceAsBefore() async {
    let loader = textLoader(LoaderPolicies())
    loader.load()
    client.respond(status: 503)
    XCTAssertEqual(loader.state.error as? StatusError, StatusError(status: 503))
    XCTAssertNil(loader.lastResponse)
    XCTAssertEqual(clock.pendingCount, 0)
  }
}
