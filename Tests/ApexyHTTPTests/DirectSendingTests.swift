import ApexyHTTPTesting
import Foundation
import LoopbackHTTP
import XCTest

@testable import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// On Linux a client made with `RequestDefaults` sends straight to libcurl: the same deadlines,
/// redirects, limits, cancellation, observers and progress as through the session. (Without the
/// `Curl` trait, and on Apple platforms, such a client sends through its session, and these
/// checks hold for that path.)
final class DirectSendingTests: LoopbackTestCase {
  override func setUp() {
    super.setUp()
    sendsWithoutSession = true
  }

  func testOnlyAClientMadeWithRequestDefaultsSendsWithoutASession() throws {
    #if canImport(FoundationNetworking)
      try XCTSkipUnless(HTTPTransport.isCurlAvailable, "built without the Curl trait")
      let base = URL(string: "http://127.0.0.1:1/")!
      XCTAssertTrue(client(base).sendsWithoutSession)
      let cookieless = URLSessionConfiguration.ephemeral
      cookieless.httpShouldSetCookies = false
      XCTAssertFalse(
        URLSessionClient(baseURL: base, configuration: cookieless).sendsWithoutSession,
        "a client made with a configuration keeps its session")
      HTTPTransport.default = .foundation
      defer { HTTPTransport.default = .curl }
      XCTAssertFalse(
        URLSessionClient(
          requestAdapter: BaseRequestAdapter(baseURL: base), defaults: RequestDefaults()
        ).sendsWithoutSession, "Foundation's transport needs the session")
    #else
      throw XCTSkip("Apple platforms always send through the session")
    #endif
  }

  func testALiveStubTransportLeavesOtherHostsAlone() async throws {
    let stub = StubTransport { _ in .text("stubbed") }
    let server = try serve { _ in .respond(HTTPResponse(body: Data("served".utf8))) }
    let client = client(server.baseURL)
    let content = try await client.request(TextEndpoint())
    XCTAssertEqual(content, "served")
    XCTAssertTrue(stub.requests.isEmpty)
    if HTTPTransport.isCurlAvailable {
      XCTAssertNil(client.sessionStore.made, "still sent straight to libcurl, no session made")
    }
  }

  func testStatusHeadersAndBodyArriveAsSentWithTheDefaultsFields() async throws {
    let seen = Recorder<[String: String]>()
    let server = try serve { request in
      seen.append(request.headers)
      return .respond(
        HTTPResponse(
          status: 201, headers: [("X-Answer", "forty two"), ("Content-Type", "text/plain")],
          body: Data("héllo".utf8)))
    }
    let responses = Recorder<String>()
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: server.baseURL),
      defaults: RequestDefaults(additionalHeaders: ["X-Session": "kept", "X-Both": "session"]),
      completionQueue: DispatchQueue(label: "fields"),
      responseObserver: { _, response, _, _ in
        responses.append(
          "\(response?.statusCode ?? 0) \(response?.value(forHTTPHeaderField: "X-Answer") ?? "-")")
      })
    let content = try await client.request(TextEndpoint(headers: ["X-Both": "request"]))
    XCTAssertEqual(content, "héllo")
    XCTAssertEqual(seen.values.first?["x-session"], "kept")
    XCTAssertEqual(seen.values.first?["x-both"], "request", "the request's own field wins")
    XCTAssertEqual(responses.values, ["201 forty two"], "the observer saw the response first")
  }

  func testAConfigurationsFieldsAndRequestTimeoutReachLibcurlThroughTheSessionToo() async throws {
    let seen = Recorder<String?>()
    let server = try serve { request in
      if request.path == "/slow" { return .neverAnswer }
      seen.append(request.headers["x-config"])
      return .respond(HTTPResponse(body: Data("ok".utf8)))
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpAdditionalHeaders = ["X-Config": "on"]
    configuration.timeoutIntervalForRequest = 1
    let client = URLSessionClient(
      baseURL: server.baseURL, configuration: configuration,
      completionQueue: DispatchQueue(label: "session"))
    XCTAssertFalse(client.sendsWithoutSession)
    let content = try await client.request(TextEndpoint())
    XCTAssertEqual(content, "ok")
    XCTAssertEqual(seen.values, ["on"])
    let started = Date()
    do {
      _ = try await client.request(TextEndpoint(path: "slow"))
      XCTFail("must time out")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .timedOut)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the 1 s request timeout, not 30 s")
  }

  func testABodySentWithoutASessionIsCountedInTheLifeEvents() async throws {
    let server = try serve { request in .respond(HTTPResponse(body: request.body)) }
    let sent = Recorder<Int64>()
    let ended = expectation(description: "last event")
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: server.baseURL), defaults: RequestDefaults(),
      completionQueue: DispatchQueue(label: "post"),
      requestLifeObserver: { event in
        switch event.kind {
        case .bytesSent(let total, _): sent.append(total)
        case .finished(_, _, let bytesSent):
          sent.append(-bytesSent)
          ended.fulfill()
        default: break
        }
      })
    let body = Data(repeating: 7, count: 100_000)
    let echoed = try await client.request(PostEndpoint(body: body))
    await fulfillment(of: [ended], timeout: 10)
    XCTAssertEqual(echoed, body.count)
    XCTAssertEqual(sent.values.last, -100_000, "the end says the whole body went out")
    XCTAssertEqual(sent.values.dropLast().last, 100_000, "the last count is the whole body")
  }

  func testAClientMadeWithRequestDefaultsAppliesThemOnEitherPath() async throws {
    let seen = Recorder<String?>()
    let server = try serve { request in
      if request.path == "/slow" { return .neverAnswer }
      seen.append(request.headers["x-app"])
      return .respond(HTTPResponse(body: Data("ok".utf8)))
    }
    let defaults = RequestDefaults(deadline: 1, additionalHeaders: ["X-App": "loader"])
    for transport in [HTTPTransport.curl, .foundation] {
      HTTPTransport.default = transport
      defer { HTTPTransport.default = .curl }
      let client = URLSessionClient(
        requestAdapter: BaseRequestAdapter(baseURL: server.baseURL), defaults: defaults,
        completionQueue: DispatchQueue(label: "defaults"))
      XCTAssertEqual(
        client.sendsWithoutSession, transport == .curl && HTTPTransport.isCurlAvailable)
      let content = try await client.request(TextEndpoint())
      XCTAssertEqual(content, "ok")
      let started = Date()
      do {
        _ = try await client.request(TextEndpoint(path: "slow"))
        XCTFail("must time out")
      } catch {
        XCTAssertEqual((error as? URLError)?.code, .timedOut, "\(transport)")
      }
      // Not the 30 s default: a bound a loaded machine does not near.
      XCTAssertLessThan(Date().timeIntervalSince(started), 15, "deadline 1 s, \(transport)")
    }
    XCTAssertEqual(seen.values, ["loader", "loader"])
  }

  func testServerThatNeverAnswersTimesOutWithinTheDeadline() async throws {
    try await assertNeverAnsweringServerTimesOut()
  }

  func testSlowBodyTimesOutWithinTheDeadline() async throws {
    try await assertSlowBodyTimesOut()
  }

  func testRedirectToAnotherPortDropsAuthorization() async throws {
    try await assertRedirectToAnotherPortDropsAuthorization()
  }

  func testSameOriginRedirectKeepsAuthorization() async throws {
    try await assertSameOriginRedirectKeepsAuthorization()
  }

  func testBodyOverTheLimitFailsWithTooLarge() async throws {
    try await assertTooLarge(size: 10_000)
    try await assertTooLarge(size: 300_000)
  }

  func testAuthChallengeReachesTheEndpoint() async throws {
    try await assertChallengeReachesTheEndpoint()
  }

  func testCancellingWhileAnswersArriveIsSafe() async throws {
    try await assertCancellingWhileAnswersArrive()
  }

  func testProgressCountsTheBodyAndLifeEventsComeInOrder() async throws {
    let body = Data(repeating: 66, count: 200_000)
    let server = try serve { _ in .respond(HTTPResponse(body: body)) }
    let events = Recorder<String>()
    let ended = expectation(description: "last event")
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    let client = URLSessionClient(
      baseURL: server.baseURL, configuration: configuration,
      requestLifeObserver: { event in
        switch event.kind {
        case .created: events.append("created")
        case .responseReceived(let head): events.append("response \(head.status)")
        case .bytesReceived: events.append("bytes")
        case .finished(let status, let received, _):
          events.append("finished \(status ?? 0) \(received)")
          ended.fulfill()
        default: events.append("other")
        }
      })
    let done = expectation(description: "result")
    let progress = client.request(TextEndpoint()) { _ in done.fulfill() }
    await fulfillment(of: [done, ended], timeout: 10)
    XCTAssertEqual(progress.completedUnitCount, 200_000)
    XCTAssertEqual(progress.totalUnitCount, 200_000)
    let steps = events.values.filter { $0 != "bytes" }
    XCTAssertEqual(steps, ["created", "response 200", "finished 200 200000"])
    XCTAssertGreaterThan(events.values.filter { $0 == "bytes" }.count, 0)
  }
}

/// POSTs a body in `httpBody` and decodes the answer's length.
private struct PostEndpoint: Endpoint {
  let body: Data

  func makeRequest() throws -> URLRequest {
    var request = URLRequest(url: URL(string: "echo")!)
    request.httpMethod = "POST"
    request.httpBody = body
    return request
  }

  func content(from response: URLResponse?, with body: Data) throws -> Int { body.count }
}
