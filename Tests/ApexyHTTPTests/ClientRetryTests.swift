import ApexyHTTP
import ApexyHTTPTesting
import Locking
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends `method` to a path; a non-2xx answer fails validation with its status.
private struct MethodEndpoint: Endpoint {
  var method = "GET"
  var path = "things"

  func makeRequest() throws -> URLRequest {
    var request = URLRequest(url: URL(string: path)!)
    request.httpMethod = method
    return request
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else {
      throw TestError(name: "status \(response.statusCode)")
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    String(decoding: body, as: UTF8.self)
  }
}

/// `URLSessionClient(…, retryPolicy:)`: the client-level retry for code that calls the client
/// directly. Off by default; idempotent methods only unless the policy says otherwise.
final class ClientRetryTests: XCTestCase {
  private let stub = StubTransport()
  private let observed = Recorder<Int?>()
  /// No backoff wait, so the retries follow each other at once.
  private let noWait = RetryPolicy(maxRetries: 3, random: { $0.lowerBound })

  /// Answers 503 `failures` times, then 200 with "ok".
  private func failFirst(_ failures: Int, with answer: StubAnswer = .respond(status: 503)) {
    let seen = Locked(0)
    stub.answer { _ in
      let count = seen.withLock { count in
        count += 1
        return count
      }
      return count <= failures ? answer : .text("ok")
    }
  }

  private func client(_ policy: RetryPolicy?) -> URLSessionClient {
    URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "client-retry"),
      responseObserver: { [observed] _, response, _, _ in observed.append(response?.statusCode) },
      retryPolicy: policy)
  }

  private func outcome(_ method: String, _ policy: RetryPolicy?) async -> String {
    do {
      return try await client(policy).request(MethodEndpoint(method: method))
    } catch {
      return "\(error)"
    }
  }

  func testIdempotentMethodsAreRetriedUntilTheyAreAnswered() async {
    for method in ["GET", "PUT", "DELETE", "HEAD", "OPTIONS"] {
      failFirst(2)
      let result = await outcome(method, noWait)
      XCTAssertEqual(result, "ok", method)
      XCTAssertEqual(stub.requests.count, 3, method)
      XCTAssertEqual(stub.requests.map(\.httpMethod), Array(repeating: method, count: 3))
    }
  }

  func testPostAndPatchAreSentOnceByDefault() async {
    for method in ["POST", "PATCH"] {
      failFirst(2)
      let result = await outcome(method, noWait)
      XCTAssertEqual(result, #"TestError(name: "status 503")"#, method)
      XCTAssertEqual(stub.requests.count, 1, "\(method) may have been applied: never sent again")
    }
  }

  func testAPolicyMayRetryPostWhenTheServerMakesItIdempotent() async {
    failFirst(1)
    var policy = noWait
    policy.retriedMethods.insert("POST")
    let result = await outcome("POST", policy)
    XCTAssertEqual(result, "ok")
    XCTAssertEqual(stub.requests.count, 2)
  }

  func testTimeoutsAreRetriedAndTheObserverHearsEveryAttempt() async {
    failFirst(1, with: .failure(URLError(.timedOut)))
    let result = await outcome("GET", noWait)
    XCTAssertEqual(result, "ok")
    XCTAssertEqual(stub.requests.count, 2)
    XCTAssertEqual(observed.values, [nil, 200], "the timed-out attempt, then the answer")
  }

  func testWithoutAPolicyEachRequestIsSentOnce() async {
    failFirst(1)
    let result = await outcome("GET", nil)
    XCTAssertEqual(result, #"TestError(name: "status 503")"#)
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testRetriesStopAtTheLimitWithTheLastError() async {
    failFirst(10)
    let result = await outcome("GET", RetryPolicy(maxRetries: 2, random: { $0.lowerBound }))
    XCTAssertEqual(result, #"TestError(name: "status 503")"#)
    XCTAssertEqual(stub.requests.count, 3)
    XCTAssertEqual(observed.values, [503, 503, 503])
  }

  func testPermanentFailuresAreNotRetried() async {
    failFirst(1, with: .respond(status: 404))
    let result = await outcome("GET", noWait)
    XCTAssertEqual(result, #"TestError(name: "status 404")"#)
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testAWaitLongerThanTheServerMayAskFailsAtOnce() async {
    failFirst(1, with: .respond(status: 503, headers: ["Retry-After": "3600"]))
    let client = client(noWait)
    do {
      _ = try await client.request(MethodEndpoint())
      XCTFail("must fail")
    } catch {
      XCTAssertTrue(error is RetryLaterError, "\(error)")
    }
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testCancellingDuringTheWaitEndsTheRequestAtOnce() {
    failFirst(1)
    let answered = expectation(description: "first answer observed: the client waits now")
    let client = URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "client-retry"),
      responseObserver: { _, _, _, _ in answered.fulfill() },
      retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: 60, random: { $0.upperBound }))
    let done = expectation(description: "completion")
    let result = Recorder<URLError.Code?>()
    let progress = client.request(MethodEndpoint()) { outcome in
      result.append((outcome.error as? URLError)?.code)
      done.fulfill()
    }
    wait(for: [answered], timeout: 10)
    progress.cancel()
    wait(for: [done], timeout: 10)
    XCTAssertEqual(result.values, [.cancelled], "at once, not after the minute's wait")
    XCTAssertEqual(stub.requests.count, 1)
  }
}
