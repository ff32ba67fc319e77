import DemoOptions
import Foundation
import XCTest

@testable import DemoAPI
@testable import LoopbackHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The rate limit as GitHub states and enforces it: one set of `x-ratelimit-*` headers on every
/// answer, `403` once the window's requests are spent (a `304` spends none), and the two rate
/// limit failure modes.
final class DemoRateLimitTests: XCTestCase {
  /// GitHub's body for a used-up primary rate limit.
  private let exceeded =
    #"{"message":"API rate limit exceeded for 127.0.0.1. (But here's the good news:"#
    + #" Authenticated requests get a higher rate limit. Check out the documentation for more"#
    + #" details.)","documentation_url":"https://docs.github.com/rest/overview/"#
    + #"resources-in-the-rest-api#rate-limiting"}"#

  /// No cache between the test and the server: each request is sent, and a `304` comes back
  /// as it is.
  private let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }()

  private var base = ""

  private func serve(_ options: DemoServer.Options) throws -> DemoServer {
    let server = DemoServer(options: options.withoutDelays)
    base = try server.start().absoluteString
    addTeardownBlock { [session] in
      server.stop()
      session.finishTasksAndInvalidate()
    }
    return server
  }

  /// `GET {base}{path}`, with `If-None-Match: etag` when given.
  private func get(_ path: String, etag: String? = nil) async throws -> (
    status: Int, body: String, response: HTTPURLResponse
  ) {
    var request = URLRequest(url: try XCTUnwrap(URL(string: base + path)))
    request.setValue(etag, forHTTPHeaderField: "If-None-Match")
    let (data, response) = try await session.data(for: request)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    return (http.statusCode, String(decoding: data, as: UTF8.self), http)
  }

  /// The values of every header called `name` (in any case) of `reply`.
  private func values(_ name: String, in reply: HTTPReply) -> [String] {
    guard case .respond(let response) = reply else { return [] }
    return response.headers.filter { $0.name.lowercased() == name }.map(\.value)
  }

  func testTheFourthRequestOfThreeIsRefusedAndA304SpendsNone() async throws {
    _ = try serve(DemoServer.Options(rateLimit: 3))
    let first = try await get("/orgs/RedMadRobot")
    XCTAssertEqual(first.status, 200)
    let tag = try XCTUnwrap(first.response.value(forHTTPHeaderField: "ETag"))
    let reset = try XCTUnwrap(first.response.value(forHTTPHeaderField: "x-ratelimit-reset"))
    let unchanged = try await get("/orgs/RedMadRobot", etag: tag)
    let second = try await get("/orgs/RedMadRobot/repos")
    let third = try await get("/users/alice")
    let fourth = try await get("/users/alice/repos")
    let answers = [first, unchanged, second, third, fourth]
    XCTAssertEqual(answers.map(\.status), [200, 304, 200, 200, 403])
    XCTAssertEqual(
      answers.map { $0.response.value(forHTTPHeaderField: "x-ratelimit-remaining") },
      ["2", "2", "1", "0", "0"])
    for answer in answers {
      XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-limit"), "3")
      XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-reset"), reset)
      XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-resource"), "core")
    }
    XCTAssertEqual(fourth.body, exceeded)
    let fifth = try await get("/orgs/RedMadRobot/repos?page=2")
    XCTAssertEqual(fifth.status, 403, "until the window resets")
    let stillUnchanged = try await get("/orgs/RedMadRobot", etag: tag)
    XCTAssertEqual(stillUnchanged.status, 304, "a 304 spends nothing, so it is still answered")
  }

  func testTheDefaultIsFiveThousand() async throws {
    _ = try serve(DemoServer.Options())
    let answer = try await get("/orgs/RedMadRobot")
    XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-limit"), "5000")
    XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-remaining"), "4999")
  }

  /// `--fail-mode rate-limit` states the server's one set of headers, with 0 left, and spends
  /// a request like any other answer.
  func testARateLimitFailureStatesOneSetOfHeadersWithNoneLeft() throws {
    let server = try serve(
      DemoServer.Options(failureMode: .rateLimit, failingRoutes: [.repositories], rateLimit: 10))
    func answer(_ path: String) throws -> HTTPReply {
      server.handle(try XCTUnwrap(HTTPRequest.parse(head: "GET \(path) HTTP/1.1\r\nHost: x")))
    }
    let before = try answer("/orgs/RedMadRobot")
    let failure = try answer("/orgs/RedMadRobot/repos")
    let after = try answer("/orgs/RedMadRobot")
    guard case .respond(let refused) = failure else { return XCTFail("no answer") }
    XCTAssertEqual(refused.status, 403)
    XCTAssertEqual(String(decoding: refused.body, as: UTF8.self), exceeded)
    for reply in [before, failure, after] {
      XCTAssertEqual(values("x-ratelimit-limit", in: reply), ["10"])
      XCTAssertEqual(
        values("x-ratelimit-reset", in: reply), values("x-ratelimit-reset", in: before))
      XCTAssertEqual(values("x-ratelimit-resource", in: reply), ["core"])
    }
    XCTAssertEqual(
      [before, failure, after].map { values("x-ratelimit-remaining", in: $0) },
      [["9"], ["0"], ["7"]])
  }

  func testASecondaryRateLimitHasNoRetryAfterAndRequestsLeft() async throws {
    _ = try serve(
      DemoServer.Options(failureMode: .secondaryRateLimit, failingRoutes: [.repositories]))
    let profile = try await get("/orgs/RedMadRobot")
    XCTAssertEqual(profile.status, 200)
    let answer = try await get("/orgs/RedMadRobot/repos")
    XCTAssertEqual(answer.status, 403)
    XCTAssertNil(answer.response.value(forHTTPHeaderField: "Retry-After"))
    XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-remaining"), "4998")
    XCTAssertEqual(answer.response.value(forHTTPHeaderField: "x-ratelimit-limit"), "5000")
    let id = try XCTUnwrap(answer.response.value(forHTTPHeaderField: "x-github-request-id"))
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])
    XCTAssertEqual(
      object,
      [
        "message":
          "You have exceeded a secondary rate limit. Please wait a few minutes before you try"
          + " again. If you reach out to GitHub Support for help, please include the request ID"
          + " \(id).",
        "documentation_url":
          "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"
          + "#about-secondary-rate-limits",
      ])
  }
}
