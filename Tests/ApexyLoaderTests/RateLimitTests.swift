import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class RateLimitTests: ScriptedLoaderTestCase {
  private func headers(remaining: Int, resetIn seconds: Int) -> [String: String] {
    [
      "X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "\(remaining)",
      "X-RateLimit-Reset": "\(Int(clock.now.timeIntervalSince1970) + seconds)",
      "X-RateLimit-Resource": "core",
    ]
  }

  func testTheLimitIsReadFromResponseHeadersInAnyCase() async {
    let response = HTTPURLResponse(
      url: URL(string: "http://localhost/")!, statusCode: 200, httpVersion: nil,
      headerFields: headers(remaining: 4_987, resetIn: 60))!
    XCTAssertEqual(
      RateLimit(response: response),
      RateLimit(
        limit: 5_000, remaining: 4_987, reset: clock.now.addingTimeInterval(60), resource: "core"))
    XCTAssertNil(RateLimit(headers: ["x-ratelimit-limit": "60", "x-ratelimit-remaining": "1"]))
    XCTAssertNil(RateLimit(headers: ["x-ratelimit-limit": "a", "x-ratelimit-remaining": "1"]))
  }

  func testAUsedUpLimitStopsRequestsUntilItResets() async {
    let gate = RateLimitGate()
    let loader = textLoader(LoaderPolicies(rateLimit: gate))
    loader.load()
    client.respond(headers: headers(remaining: 0, resetIn: 90), body: "hello")
    XCTAssertEqual(gate.current?.remaining, 0)
    XCTAssertEqual(loader.lastResponse?.rateLimit?.remaining, 0)

    clock.advance(by: 89)
    loader.load()
    XCTAssertEqual(client.sent, 1, "nothing is sent while the limit is used up")
    let error = loader.state.error as? RateLimitExceededError
    XCTAssertEqual(error?.reset, clock.now.addingTimeInterval(1))
    XCTAssertEqual(loader.state.content, "hello")
    let formatter = DateFormatter()
    formatter.timeZone = .current
    formatter.dateFormat = "HH:mm:ss"
    let message = error?.localizedDescription ?? ""
    XCTAssertTrue(
      message.hasPrefix("The rate limit of 5000 requests is used up; it resets at "), message)
    // The local time, after the date when the reset is not today.
    XCTAssertTrue(
      message.hasSuffix(" \(formatter.string(from: clock.now.addingTimeInterval(1)))."), message)

    clock.advance(by: 1)
    loader.load()
    XCTAssertEqual(client.sent, 2, "requests go through from the reset on")
    client.respond(headers: headers(remaining: 4_999, resetIn: 3_600), body: "again")
    XCTAssertEqual(loader.state, .success(content: "again"))
  }

  func testOneGateHoldsBackEveryLoaderSharingIt() async {
    let gate = RateLimitGate()
    let first = TextLoader(
      client: client, path: "a", scheduler: clock, policies: LoaderPolicies(rateLimit: gate))
    let second = TextLoader(
      client: client, path: "b", scheduler: clock, policies: LoaderPolicies(rateLimit: gate))
    first.load()
    client.respond(status: 403, headers: headers(remaining: 0, resetIn: 600))
    second.load()
    XCTAssertEqual(client.sent, 1)
    XCTAssertTrue(second.state.error is RateLimitExceededError)
  }
}
