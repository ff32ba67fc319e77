import ApexyHTTP
import ApexyHTTPTesting
import XCTest

/// The `Progress` a request returns counts bytes, and a caller's delegate hears the task.
final class ProgressTests: XCTestCase {
  private let stub = StubTransport()
  private let delegate = TaskDelegateRecorder()

  private func client() -> URLSessionClient {
    URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(), delegate: delegate,
      completionQueue: DispatchQueue(label: "progress-tests"))
  }

  /// Starts `send` with the client's delegate queue held, so every callback sees the progress.
  private func start(_ client: URLSessionClient, _ send: () -> Progress) -> Progress {
    client.session.delegateQueue.isSuspended = true
    let progress = send()
    delegate.progress = progress
    client.session.delegateQueue.isSuspended = false
    return progress
  }

  func testRequestProgressCountsReceivedBytesAsTheyArrive() {
    stub.answer { _ in
      .response(
        status: 200, headers: ["Content-Length": "100"],
        chunks: [Data(repeating: 1, count: 40), Data(repeating: 2, count: 60)])
    }
    let client = client()
    let done = expectation(description: "completion")
    let progress = start(client) {
      client.request(TextEndpoint()) { _ in done.fulfill() }
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(
      Array(delegate.events.values.prefix(3)),
      ["response 200", "data 40 progress 40/100", "data 60 progress 100/100"])
    XCTAssertEqual(progress.completedUnitCount, 100)
    XCTAssertEqual(progress.totalUnitCount, 100)
    XCTAssertEqual(progress.fractionCompleted, 1)
  }

  func testRequestWithoutContentLengthEndsWithTheCountAsTotal() {
    stub.answer { _ in .response(status: 200, headers: [:], chunks: [Data(count: 7)]) }
    let client = client()
    let done = expectation(description: "completion")
    let progress = start(client) { client.request(TextEndpoint()) { _ in done.fulfill() } }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(
      delegate.events.values.first(where: { $0.hasPrefix("data") }), "data 7 progress 7/-1")
    XCTAssertEqual(progress.completedUnitCount, 7)
    XCTAssertEqual(progress.totalUnitCount, 7)
  }

  func testDelegateHearsTheTaskAndTheSentBodyOfAPost() async throws {
    stub.answer { request in .text("got \(request.httpBody?.count ?? 0)") }
    let completed = expectation(description: "the delegate hears the completion")
    delegate.completed = completed
    let content = try await client().request(PostTextEndpoint(body: "hello"))
    XCTAssertEqual(content, "got 5")
    // The content may arrive before the delegate is told the task completed.
    await fulfillment(of: [completed], timeout: 10)
    XCTAssertEqual(
      delegate.events.values, ["sent 5 5/5", "response 200", "data 5", "complete ok"])
  }

  func testDelegateHearsACancelledTask() {
    stub.answer { _ in .noAnswer }
    let done = expectation(description: "completion")
    let told = expectation(description: "delegate told")
    delegate.completed = told
    let progress = client().request(TextEndpoint()) { _ in done.fulfill() }
    progress.cancel()
    wait(for: [done, told], timeout: 10)
    XCTAssertEqual(delegate.events.values, ["complete cancelled"])
  }

  func testUploadDeliversTheResponseContent() async throws {
    stub.answer { request in .text("stored \(request.httpMethod ?? "")") }
    let client = client()
    let content = try await client.upload(TextUploadEndpoint(body: .data(Data("abc".utf8))))
    XCTAssertEqual(content, "stored POST")
    let done = expectation(description: "completion")
    let results = Recorder<String>()
    _ = client.upload(TextUploadEndpoint(body: .data(Data("abc".utf8)))) {
      results.append((try? $0.get()) ?? "failed")
      done.fulfill()
    }
    await fulfillment(of: [done], timeout: 10)
    XCTAssertEqual(results.values, ["stored POST"])
  }

  func testUploadProgressStartsWithTheBodySizeAndEndsComplete() {
    stub.answer { _ in .text("ok") }
    let done = expectation(description: "completion")
    let progress = client().upload(TextUploadEndpoint(body: .data(Data(count: 300)))) { _ in
      done.fulfill()
    }
    XCTAssertEqual(progress.totalUnitCount, 300)
    wait(for: [done], timeout: 10)
    XCTAssertEqual(progress.completedUnitCount, 300)
    XCTAssertEqual(progress.fractionCompleted, 1)
  }
}

/// POSTs text as the body of a data task and decodes the answer as text.
struct PostTextEndpoint: Endpoint, URLRequestBuildable {
  let body: String

  func makeRequest() throws -> URLRequest { post(URL(string: "echo")!, body: .string(body)) }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    String(decoding: body, as: UTF8.self)
  }
}

/// A data delegate that implements nothing: the session's defaults must let requests through.
private final class SilentDataDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {}

extension ProgressTests {
  func testADelegateThatImplementsNothingDoesNotStallRequests() async throws {
    stub.answer { _ in .text("through") }
    let client = URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(), delegate: SilentDataDelegate(),
      completionQueue: DispatchQueue(label: "silent"))
    let content = try await client.request(TextEndpoint())
    XCTAssertEqual(content, "through")
  }
}
