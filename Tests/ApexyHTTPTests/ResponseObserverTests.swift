import ApexyHTTP
import ApexyHTTPTesting
import XCTest

/// When and where the `ResponseObserver` runs, as Apexy runs it.
final class ResponseObserverTests: XCTestCase {
  private let stub = StubTransport { _ in .text("hello", status: 201) }
  private let queue = DispatchQueue(label: "observer-tests.completion")
  private let key = DispatchSpecificKey<Bool>()
  private let steps = Recorder<String>()

  override func setUp() {
    super.setUp()
    queue.setSpecific(key: key, value: true)
  }

  private func client() -> URLSessionClient {
    let steps = self.steps
    let key = self.key
    return URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(), completionQueue: queue,
      responseObserver: { _, response, _, _ in
        let place = DispatchQueue.getSpecific(key: key) == true ? "queue" : "elsewhere"
        steps.append("observer \(response?.statusCode ?? 0) on \(place)")
      })
  }

  func testObserverRunsOnTheCompletionQueueJustBeforeTheCompletion() {
    let done = expectation(description: "completion")
    let steps = self.steps
    let key = self.key
    _ = client().request(TextEndpoint()) { _ in
      let place = DispatchQueue.getSpecific(key: key) == true ? "queue" : "elsewhere"
      steps.append("completion on \(place)")
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(steps.values, ["observer 201 on queue", "completion on queue"])
  }

  func testAsyncRequestRunsTheObserverOnTheCompletionQueueBeforeReturning() async throws {
    let content = try await client().request(TextEndpoint())
    steps.append("returned \(content)")
    XCTAssertEqual(steps.values, ["observer 201 on queue", "returned hello"])
  }

  func testObserverIsNotCalledWhenMakeRequestThrows() async {
    do {
      _ = try await client().request(BrokenEndpoint())
      XCTFail("makeRequest throws")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(name: "makeRequest"))
    }
    let done = expectation(description: "completion")
    _ = client().request(BrokenEndpoint()) { _ in done.fulfill() }
    await fulfillment(of: [done], timeout: 10)
    XCTAssertEqual(steps.values, [])
    XCTAssertEqual(stub.requests.count, 0)
  }

  /// Differs from Apexy, which calls the completion inside `request` when `makeRequest`
  /// throws: here every completion runs later, on the completion queue.
  func testThrowingMakeRequestCompletesAsynchronouslyOnTheCompletionQueue() {
    let results = Recorder<String>()
    let done = expectation(description: "completion")
    let key = self.key
    queue.suspend()
    _ = client().request(BrokenEndpoint()) { result in
      let place = DispatchQueue.getSpecific(key: key) == true ? "queue" : "elsewhere"
      results.append("\(result.error as? TestError == TestError(name: "makeRequest")) \(place)")
      done.fulfill()
    }
    XCTAssertEqual(results.values, [], "no completion inside request(_:completionHandler:)")
    queue.resume()
    wait(for: [done], timeout: 10)
    XCTAssertEqual(results.values, ["true queue"])
  }
}
