import ApexyHTTP
import ApexyHTTPTesting
import Locking
import XCTest

final class StubTransportTests: XCTestCase {
  private let stub = StubTransport()

  private func makeClient() -> URLSessionClient {
    URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "stub-tests"))
  }

  func testStubTransportAnswersOnlyItsOwnHost() async {
    let other = StubTransport { _ in .text("other") }
    stub.answer { _ in .text("mine") }
    let client = makeClient()
    let mine = try? await client.request(TextEndpoint())
    let theirs = try? await client.request(TextEndpoint(path: other.baseURL.absoluteString))
    XCTAssertEqual(mine, "mine")
    XCTAssertEqual(theirs, "other")
    XCTAssertEqual(stub.requests.count, 1)
    XCTAssertEqual(other.requests.count, 1)
    do {
      _ = try await client.request(TextEndpoint(path: "https://nobody.stub.test/x"))
      XCTFail("a host no transport owns must fail")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .cannotFindHost)
      // What a test that let its stub go sees, beside Apple's sentence: what to do.
      XCTAssertEqual(
        (error as NSError).localizedFailureReason,
        "No StubTransport answers for nobody.stub.test: none was made for that host, or it was "
          + "released; keep the StubTransport for as long as the test sends requests.")
    }
  }

  func testStoppedLoadsAreCountedAndRequestsRecordedWithTheirBodies() async {
    stub.answer { _ in .noAnswer }
    let task = Task { [stub] in
      try await URLSessionClient(
        baseURL: stub.baseURL, configuration: stub.configuration(),
        completionQueue: DispatchQueue(label: "stub-cancel")
      ).request(PostTextEndpoint(body: "abc"))
    }
    while stub.requests.isEmpty { await Task.yield() }
    task.cancel()
    _ = await task.result
    XCTAssertEqual(stub.requests.first?.httpBody, Data("abc".utf8))
    XCTAssertEqual(stub.requests.first?.httpMethod, "POST")
    // Foundation stops the load on its own queue after the cancellation is delivered.
    let deadline = Date().addingTimeInterval(5)
    while stub.stoppedCount == 0, Date() < deadline {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
    XCTAssertEqual(stub.stoppedCount, 1)
  }
}

/// A `StubTransport` answers every client that sends to its host, not only one configured with
/// it: a client made with `RequestDefaults` (on Linux, one that otherwise sends straight to
/// libcurl) or with the default configuration.
final class StubAnyClientTests: XCTestCase {
  private let stub = StubTransport { request in
    .text("stubbed \(request.value(forHTTPHeaderField: "X-App") ?? "-")")
  }

  func testAClientMadeWithRequestDefaultsIsStubbed() async throws {
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: stub.baseURL),
      defaults: RequestDefaults(additionalHeaders: ["X-App": "books"]),
      completionQueue: DispatchQueue(label: "stub-defaults"))
    let content = try await client.request(TextEndpoint(path: "books"))
    XCTAssertEqual(content, "stubbed books", "the defaults' header fields reach the stub")
    XCTAssertEqual(stub.requests.map { $0.url?.absoluteString }, ["\(stub.baseURL)books"])
  }

  func testTheCompletionFormAndTheObserverWorkThroughTheStubToo() {
    let observed = Recorder<Int?>()
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: stub.baseURL), defaults: RequestDefaults(),
      completionQueue: DispatchQueue(label: "stub-defaults"),
      responseObserver: { _, response, _, _ in observed.append(response?.statusCode) })
    let done = expectation(description: "completion")
    let result = Recorder<String>()
    _ = client.request(TextEndpoint()) { outcome in
      result.append((try? outcome.get()) ?? "failed")
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(result.values, ["stubbed -"])
    XCTAssertEqual(observed.values, [200])
  }

  func testAClientWithTheDefaultConfigurationIsStubbed() async throws {
    let client = URLSessionClient(
      baseURL: stub.baseURL, completionQueue: DispatchQueue(label: "stub-default"))
    let content = try await client.request(TextEndpoint(headers: ["X-App": "shelf"]))
    XCTAssertEqual(content, "stubbed shelf")
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testTheClientLevelRetryWorksAgainstTheStub() async throws {
    let seen = Locked(0)
    stub.answer { _ in
      seen.withLock { count in
        count += 1
        return count == 1 ? .respond(status: 503) : .text("second")
      }
    }
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: stub.baseURL), defaults: RequestDefaults(),
      completionQueue: DispatchQueue(label: "stub-retry"),
      retryPolicy: RetryPolicy(random: { $0.lowerBound }))
    let content = try await client.request(StatusEndpoint())
    XCTAssertEqual(content, "second")
    XCTAssertEqual(stub.requests.count, 2)
  }
}
