import ApexyHTTP
import ApexyHTTPTesting
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
