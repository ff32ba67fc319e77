import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A failed response as an app's error type carries it.
struct ResponseCarryingError: HTTPResponseError {
  let response: HTTPURLResponse
}

final class RetryPolicyTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func failure(_ status: Int, _ headers: [String: String] = [:]) -> Error {
    ResponseCarryingError(
      response: HTTPURLResponse(
        url: URL(string: "http://localhost/")!, statusCode: status, httpVersion: nil,
        headerFields: headers)!)
  }

  func testServerErrorsRateLimitsAndLostConnectionsAreTransient() {
    for status in [500, 502, 503, 504, 429] {
      XCTAssertEqual(
        RetryPolicy.classify(failure(status), now: now), .transient(notBefore: nil), "\(status)")
    }
    for code in [URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost] {
      XCTAssertEqual(RetryPolicy.classify(URLError(code), now: now), .transient(notBefore: nil))
    }
    let limited = failure(403, ["x-ratelimit-remaining": "0"])
    XCTAssertEqual(RetryPolicy.classify(limited, now: now), .transient(notBefore: nil))
    let secondary = failure(403, ["Retry-After": "60"])
    XCTAssertEqual(
      RetryPolicy.classify(secondary, now: now), .transient(notBefore: now.addingTimeInterval(60)))
  }

  func testTheLaterOfRetryAfterAndTheResetIsWaitedFor() {
    let reset = "\(Int(now.timeIntervalSince1970) + 40)"
    let both = failure(
      429, ["Retry-After": "10", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset])
    XCTAssertEqual(
      RetryPolicy.classify(both, now: now), .transient(notBefore: now.addingTimeInterval(40)))
  }

  func testClientErrorsDecodingAndCancellationAreNeverRetried() {
    for status in [400, 401, 403, 404, 407, 422] {
      XCTAssertEqual(RetryPolicy.classify(failure(status), now: now), .permanent, "\(status)")
    }
    let notExhausted = failure(
      403, ["x-ratelimit-limit": "60", "x-ratelimit-remaining": "12", "x-ratelimit-reset": "1"])
    XCTAssertEqual(RetryPolicy.classify(notExhausted, now: now), .permanent)
    XCTAssertEqual(RetryPolicy.classify(TestError(name: "decode"), now: now), .permanent)
    XCTAssertEqual(RetryPolicy.classify(URLError(.cancelled), now: now), .permanent)
    // A proxy's 407 to the tunnel, as libcurl's transport reports it.
    XCTAssertEqual(
      RetryPolicy.classify(URLError(.userAuthenticationRequired), now: now), .permanent)
    let policy = RetryPolicy(maxRetries: 3)
    guard
      case .fail(let error) = policy.decision(
        after: failure(404), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("a 404 must not be retried") }
    XCTAssertEqual((error as? HTTPResponseError)?.response.statusCode, 404)
  }

  func testBackoffDoublesUpToTheCapAndDrawsFullJitterFromTheRandomSource() {
    let policy = RetryPolicy(maxRetries: 10, baseDelay: 1, maxDelay: 8, random: { $0.upperBound })
    XCTAssertEqual(
      (1...5).map { policy.backoffRange(forRetry: $0) }, [0...1, 0...2, 0...4, 0...8, 0...8])
    let delays = (0..<4).map { retries -> TimeInterval? in
      guard
        case .retry(let delay) = policy.decision(
          after: URLError(.timedOut), method: "GET", retriesSoFar: retries, now: now)
      else { return nil }
      return delay
    }
    XCTAssertEqual(delays, [1, 2, 4, 8])
    let low = RetryPolicy(random: { $0.lowerBound })
    guard
      case .retry(let zero) = low.decision(
        after: failure(503), method: nil, retriesSoFar: 0, now: now)
    else { return XCTFail("a 503 must be retried") }
    XCTAssertEqual(zero, 0)
  }

  func testRetriesStopAfterTheBound() {
    let policy = RetryPolicy(maxRetries: 2)
    guard
      case .fail(let error) = policy.decision(
        after: failure(503), method: "GET", retriesSoFar: 2, now: now)
    else { return XCTFail("the third retry must not happen") }
    XCTAssertEqual((error as? HTTPResponseError)?.response.statusCode, 503)
    guard
      case .fail = RetryPolicy(maxRetries: 0).decision(
        after: URLError(.timedOut), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("0 retries turns retrying off") }
  }

  func testRetryAfterSecondsAndHTTPDateAreWaitedExactly() {
    let policy = RetryPolicy(random: { _ in 0 })
    guard
      case .retry(let seconds) = policy.decision(
        after: failure(429, ["Retry-After": "7"]), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("a 429 must be retried") }
    XCTAssertEqual(seconds, 7)
    // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT.
    let date = "Fri, 15 Jan 2027 08:00:12 GMT"
    guard
      case .retry(let untilDate) = policy.decision(
        after: failure(503, ["Retry-After": date]), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("a 503 must be retried") }
    XCTAssertEqual(untilDate, 12, accuracy: 0.001)
  }

  func testAnExhaustedLimitWaitsForItsReset() {
    let headers = [
      "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "\(Int(now.timeIntervalSince1970) + 20)",
    ]
    guard
      case .retry(let delay) = RetryPolicy().decision(
        after: failure(403, headers), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("an exhausted limit resetting soon must be retried") }
    XCTAssertEqual(delay, 20)
  }

  func testAWaitLongerThanTheCapFailsAtOnceSayingWhen() {
    let policy = RetryPolicy(maxServerWait: 30)
    guard
      case .fail(let error) = policy.decision(
        after: failure(503, ["Retry-After": "120"]), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("a wait past the cap must fail") }
    let later = error as? RetryLaterError
    XCTAssertEqual(later?.retryAt, now.addingTimeInterval(120))
    XCTAssertEqual((later?.underlying as? HTTPResponseError)?.response.statusCode, 503)
    let formatter = DateFormatter()
    formatter.timeZone = .current
    formatter.dateFormat = "HH:mm:ss"
    let time = formatter.string(from: now.addingTimeInterval(120))
    XCTAssertTrue(
      error.localizedDescription.contains("try again after"), error.localizedDescription)
    XCTAssertTrue(error.localizedDescription.contains(time), error.localizedDescription)
  }

  func testOnlyIdempotentMethodsAreRetriedByDefault() {
    let policy = RetryPolicy(maxRetries: 3, random: { $0.lowerBound })
    func retried(_ method: String?) -> Bool {
      if case .retry = policy.decision(
        after: URLError(.timedOut), method: method, retriesSoFar: 0, now: now)
      {
        return true
      }
      return false
    }
    XCTAssertEqual(RetryPolicy.idempotentMethods, ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"])
    for method in ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "get", nil] {
      XCTAssertTrue(retried(method), "\(String(describing: method))")
    }
    for method in ["POST", "PATCH", "post", "CONNECT"] {
      XCTAssertFalse(retried(method), method)
    }
    guard
      case .fail(let error) = policy.decision(
        after: failure(503), method: "POST", retriesSoFar: 0, now: now)
    else { return XCTFail("a POST must not be retried") }
    XCTAssertEqual((error as? HTTPResponseError)?.response.statusCode, 503)
    let posts = RetryPolicy(retriedMethods: ["POST"])
    XCTAssertTrue(posts.retries(method: "POST"))
    XCTAssertFalse(posts.retries(method: "GET"), "the policy's list replaces the default")
  }

  func testAHostThatDoesNotResolveFailsAtOnce() {
    let policy = RetryPolicy(maxRetries: 3, random: { $0.lowerBound })
    for code in [URLError.Code.cannotFindHost, .dnsLookupFailed] {
      XCTAssertEqual(RetryPolicy.classify(URLError(code), now: now), .permanent, "\(code)")
      guard
        case .fail = policy.decision(
          after: URLError(code), method: "GET", retriesSoFar: 0, now: now)
      else { return XCTFail("\(code) must not be retried") }
    }
  }

  func testARequestTheServerDidNotProcessIsRetriedWhateverItsMethod() {
    let policy = RetryPolicy(maxRetries: 1, random: { $0.lowerBound })
    let notProcessed = URLError(
      .networkConnectionLost, userInfo: [RetryPolicy.requestNotProcessedKey: true])
    XCTAssertTrue(notProcessed.serverDidNotProcessRequest)
    XCTAssertFalse(URLError(.networkConnectionLost).serverDidNotProcessRequest)
    for method in ["POST", "PATCH", "GET"] {
      guard
        case .retry = policy.decision(
          after: notProcessed, method: method, retriesSoFar: 0, now: now)
      else { return XCTFail("\(method) the server did not process must be retried") }
      guard
        case .fail = policy.decision(
          after: notProcessed, method: method, retriesSoFar: 1, now: now)
      else { return XCTFail("\(method): retried past maxRetries") }
    }
    guard
      case .fail = policy.decision(
        after: URLError(.networkConnectionLost), method: "POST", retriesSoFar: 0, now: now)
    else { return XCTFail("a POST the server may have processed must not be retried") }
  }
}
