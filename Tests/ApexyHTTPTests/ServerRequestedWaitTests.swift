import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An error that asks for a pause in its body, as GitHub's secondary rate limit does, with the
/// response it came with.
private struct SlowDown: ServerRequestedWait, HTTPResponseError {
  var minimumWait: TimeInterval
  var headers: [String: String] = [:]

  var response: HTTPURLResponse {
    HTTPURLResponse(
      url: URL(string: "http://localhost/")!, statusCode: 403, httpVersion: nil,
      headerFields: headers)!
  }
}

/// The retry policy honours the wait an error asks for.
final class ServerRequestedWaitTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  func testAnErrorAskingForAWaitIsTransientNotBeforeIt() {
    XCTAssertEqual(
      RetryPolicy.classify(SlowDown(minimumWait: 60), now: now),
      .transient(notBefore: now.addingTimeInterval(60)), "a plain 403, yet transient")
  }

  func testALaterTimeTheResponseNamesWins() {
    let later = SlowDown(minimumWait: 60, headers: ["Retry-After": "90"])
    XCTAssertEqual(
      RetryPolicy.classify(later, now: now), .transient(notBefore: now.addingTimeInterval(90)))
    let sooner = SlowDown(minimumWait: 60, headers: ["Retry-After": "5"])
    XCTAssertEqual(
      RetryPolicy.classify(sooner, now: now), .transient(notBefore: now.addingTimeInterval(60)))
  }

  func testNoWaitAsksForNothing() {
    XCTAssertEqual(RetryPolicy.classify(SlowDown(minimumWait: 0), now: now), .permanent)
  }

  func testTheWaitIsRetriedWithinMaxServerWaitAndFailsAtOnceBeyondIt() {
    let patient = RetryPolicy(maxRetries: 3, maxServerWait: 120)
    guard
      case .retry(let after) = patient.decision(
        after: SlowDown(minimumWait: 60), method: "GET", retriesSoFar: 0, now: now)
    else { return XCTFail("a wait within maxServerWait is retried") }
    XCTAssertEqual(after, 60)

    let hurried = RetryPolicy(maxRetries: 3, maxServerWait: 30)
    guard
      case .fail(let error) = hurried.decision(
        after: SlowDown(minimumWait: 60), method: "GET", retriesSoFar: 0, now: now),
      let later = error as? RetryLaterError
    else { return XCTFail("a wait beyond maxServerWait fails at once") }
    XCTAssertEqual(later.retryAt, now.addingTimeInterval(60))
    XCTAssertEqual((later.underlying as? SlowDown)?.minimumWait, 60)
  }
}
