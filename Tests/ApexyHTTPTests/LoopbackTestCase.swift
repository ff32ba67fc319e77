import Foundation
import LoopbackHTTP
import LoopbackTesting
import XCTest

@testable import ApexyHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loopback servers (stopped after each test) and clients of the library for them, with the
/// checks both of the client's paths (with a session and without) must pass.
class LoopbackTestCase: LoopbackServerTestCase {
  /// Whether `client` makes clients that send without a session (made with `RequestDefaults`).
  var sendsWithoutSession = false

  /// A client for `base` with an overall deadline.
  func client(_ base: URL, deadline: TimeInterval = 30, limit: Int? = nil) -> URLSessionClient {
    if sendsWithoutSession {
      return URLSessionClient(
        requestAdapter: BaseRequestAdapter(baseURL: base),
        defaults: RequestDefaults(deadline: deadline),
        completionQueue: DispatchQueue(label: "loopback"), maximumResponseSize: limit)
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = deadline
    return URLSessionClient(
      baseURL: base, configuration: configuration,
      completionQueue: DispatchQueue(label: "loopback"),
      maximumResponseSize: limit)
  }

  /// A server that never answers fails the request with `.timedOut` within the deadline.
  func assertNeverAnsweringServerTimesOut() async throws {
    let server = try serve { _ in .neverAnswer }
    let client = client(server.baseURL, deadline: 1)
    let started = Date()
    do {
      _ = try await client.request(TextEndpoint())
      XCTFail("must time out")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .timedOut)
    }
    let elapsed = Date().timeIntervalSince(started)
    // The 1 s deadline, not the 30 s default: a bound a loaded machine does not near.
    XCTAssertLessThan(elapsed, 15, "deadline 1 s, not 30 s")
  }

  /// A body that trickles in past the deadline fails the request with `.timedOut`.
  func assertSlowBodyTimesOut() async throws {
    let body = Data(repeating: 65, count: 100)
    let server = try serve { _ in
      .respond(HTTPResponse(body: body, chunkSize: 1, chunkPause: 0.1))
    }
    let started = Date()
    do {
      _ = try await client(server.baseURL, deadline: 1).request(TextEndpoint())
      XCTFail("must time out")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .timedOut)
    }
    // Ended by the 1 s deadline, well before the 10 s the body would take to trickle in.
    XCTAssertLessThan(Date().timeIntervalSince(started), 8)
  }

  /// A redirect to another port arrives without the `Authorization` field.
  func assertRedirectToAnotherPortDropsAuthorization() async throws {
    let seen = Recorder<String?>()
    let target = try serve { request in
      seen.append(request.headers["authorization"])
      return .respond(HTTPResponse(body: Data("moved".utf8)))
    }
    let targetURL = target.baseURL.appendingPathComponent("landing").absoluteString
    let origin = try serve { _ in
      .respond(HTTPResponse(status: 302, headers: [("Location", targetURL)]))
    }
    let content = try await client(origin.baseURL).request(
      TextEndpoint(headers: ["Authorization": "Bearer secret"]))
    XCTAssertEqual(content, "moved")
    XCTAssertEqual(seen.values.count, 1)
    XCTAssertEqual(seen.values.first ?? "missing", nil)
  }

  /// A redirect on the same origin keeps the `Authorization` field.
  func assertSameOriginRedirectKeepsAuthorization() async throws {
    let seen = Recorder<String?>()
    let server = try serve { request in
      if request.path == "/greeting" {
        return .respond(HTTPResponse(status: 301, headers: [("Location", "/landing")]))
      }
      seen.append(request.headers["authorization"])
      return .respond(HTTPResponse(body: Data("landed".utf8)))
    }
    let content = try await client(server.baseURL).request(
      TextEndpoint(headers: ["Authorization": "Bearer secret"]))
    XCTAssertEqual(content, "landed")
    XCTAssertEqual(seen.values.compactMap { $0 }, ["Bearer secret"])
  }

  /// A body of `size` bytes against a limit of 1,000 fails with `ResponseTooLargeError`.
  func assertTooLarge(size: Int, file: StaticString = #filePath, line: UInt = #line)
    async throws
  {
    let server = try serve { _ in .respond(HTTPResponse(body: Data(repeating: 1, count: size))) }
    do {
      _ = try await client(server.baseURL, limit: 1_000).request(TextEndpoint())
      XCTFail("must fail", file: file, line: line)
    } catch {
      XCTAssertEqual(
        error as? ResponseTooLargeError, ResponseTooLargeError(limit: 1_000), file: file, line: line
      )
    }
  }

  /// A 401 that names Basic or Digest reaches `validate` with its body at once, and the task
  /// leaves the session.
  func assertChallengeReachesTheEndpoint(
    file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    for scheme in ["Basic realm=\"GitHub\"", "Digest realm=\"api\", nonce=\"1\"", "Bearer"] {
      let server = try serve { _ in
        .respond(
          HTTPResponse(
            status: 401, headers: [("WWW-Authenticate", scheme)], body: Data("denied".utf8)))
      }
      let client = client(server.baseURL, deadline: 10)
      let started = Date()
      do {
        _ = try await client.request(StatusEndpoint())
        XCTFail("a 401 must fail validation", file: file, line: line)
      } catch {
        XCTAssertEqual(
          error as? TestError, TestError(name: "401 denied"), scheme, file: file, line: line)
      }
      // Before the 10 s deadline, however loaded the machine.
      XCTAssertLessThan(Date().timeIntervalSince(started), 9, scheme, file: file, line: line)
      await assertNoTasksLeft(client, file: file, line: line)
    }
  }

  /// Cancelling requests just as their answers arrive completes each exactly once, as a
  /// success or a cancellation, and leaves no task behind.
  func assertCancellingWhileAnswersArrive(
    file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    let server = try serve { _ in .respond(HTTPResponse(body: Data("x".utf8))) }
    let client = client(server.baseURL)
    let outcomes = Recorder<String>()
    for round in 0..<400 {
      let done = expectation(description: "request \(round)")
      let progress = client.request(TextEndpoint()) { result in
        switch result {
        case .success(let text): outcomes.append(text)
        case .failure(let error): outcomes.append("\((error as? URLError)?.code ?? .unknown)")
        }
        done.fulfill()
      }
      // Spread the cancellations over the life of a request: before, during, after the answer.
      usleep(useconds_t(round % 8) * 40)
      progress.cancel()
      await fulfillment(of: [done], timeout: 10)
    }
    XCTAssertEqual(outcomes.values.count, 400, file: file, line: line)
    let unexpected = outcomes.values.filter { $0 != "x" && $0 != "\(URLError.Code.cancelled)" }
    XCTAssertEqual(unexpected, [], file: file, line: line)
    await assertNoTasksLeft(client, file: file, line: line)
  }

  /// Every request of the client has ended: none is tracked by the client, and every task of
  /// its session, if it made one, has left it (Foundation removes them asynchronously).
  func assertNoTasksLeft(
    _ client: URLSessionClient, file: StaticString = #filePath, line: UInt = #line
  ) async {
    XCTAssertEqual(
      client.sessionDelegate.pendingRequests, 0, "requests still tracked", file: file, line: line)
    guard let session = client.sessionStore.made else { return }
    let deadline = Date().addingTimeInterval(5)
    var left = 0
    repeat {
      left = await withCheckedContinuation { continuation in
        session.getAllTasks { continuation.resume(returning: $0.count) }
      }
      if left > 0 { try? await Task.sleep(nanoseconds: 10_000_000) }
    } while left > 0 && Date() < deadline
    XCTAssertEqual(left, 0, "tasks still registered in the session", file: file, line: line)
  }
}
