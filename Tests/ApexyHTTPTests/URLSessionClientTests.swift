import ApexyHTTP
import ApexyHTTPTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class URLSessionClientTests: XCTestCase {
  private let queue = DispatchQueue(label: "client-tests.completion")
  private let queueKey = DispatchSpecificKey<String>()
  private let observed = Recorder<(URLRequest?, HTTPURLResponse?, Data?, Error?)>()
  private let stub = StubTransport()
  private var base: String { "https://\(stub.host)/v1/" }

  override func setUp() {
    super.setUp()
    queue.setSpecific(key: queueKey, value: "completion")
  }

  private func makeClient(configuration: URLSessionConfiguration? = nil) -> URLSessionClient {
    let observed = self.observed
    return URLSessionClient(
      baseURL: URL(string: base)!,
      configuration: configuration ?? stub.configuration(),
      completionQueue: queue,
      responseObserver: { observed.append(($0, $1, $2, $3)) })
  }

  private func respond(_ status: Int = 200, body: String = "hello") {
    stub.answer { _ in
      .respond(status: status, headers: ["X-Test": "1"], body: Data(body.utf8))
    }
  }

  /// Sends `endpoint` with the completion form and waits for the result.
  private func send<T: Endpoint>(_ endpoint: T, client: URLSessionClient) -> APIResult<T.Content>?
  where T.Content: Sendable {
    let done = expectation(description: "completion")
    let results = Recorder<APIResult<T.Content>>()
    let onQueue = Recorder<Bool>()
    let key = queueKey
    _ = client.request(endpoint) { result in
      onQueue.append(DispatchQueue.getSpecific(key: key) == "completion")
      results.append(result)
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(onQueue.values, [true], "completion must run on the completion queue")
    return results.values.first
  }

  // MARK: - Completion form

  func testSuccessDeliversContentAndResolvesAgainstBaseURL() throws {
    respond(body: "hello")
    let result = send(TextEndpoint(path: "greeting"), client: makeClient())
    XCTAssertEqual(try result?.get(), "hello")
    XCTAssertEqual(
      stub.requests.map { $0.url?.absoluteString }, ["\(base)greeting"])
  }

  func testValidateThrowingFailsWithItsError() {
    respond(404)
    let result = send(TextEndpoint(failValidation: true), client: makeClient())
    XCTAssertEqual(result?.error as? TestError, TestError(name: "validate 404"))
  }

  func testContentThrowingFailsWithItsError() {
    respond()
    let result = send(TextEndpoint(failContent: true), client: makeClient())
    XCTAssertEqual(result?.error as? TestError, TestError(name: "content"))
  }

  func testTransportErrorArrivesInCompletion() {
    stub.answer { _ in .failure(URLError(.notConnectedToInternet)) }
    let result = send(TextEndpoint(), client: makeClient())
    XCTAssertEqual((result?.error as? URLError)?.code, .notConnectedToInternet)
  }

  func testMakeRequestThrowingArrivesInCompletionButNotTheObserver() {
    respond()
    let result = send(BrokenEndpoint(), client: makeClient())
    XCTAssertEqual(result?.error as? TestError, TestError(name: "makeRequest"))
    XCTAssertTrue(stub.requests.isEmpty, "nothing may be sent")
    XCTAssertEqual(observed.values.count, 0, "nothing was sent, so nothing is observed")
  }

  func testObserverIsCalledOncePerRequestWithWhatWasSentAndReceived() {
    respond(201, body: "made")
    _ = send(TextEndpoint(path: "things", headers: ["X-Id": "7"]), client: makeClient())
    _ = send(TextEndpoint(path: "other"), client: makeClient())
    let calls = observed.values
    XCTAssertEqual(calls.count, 2)
    XCTAssertEqual(calls[0].0?.url?.absoluteString, "\(base)things")
    XCTAssertEqual(calls[0].0?.value(forHTTPHeaderField: "X-Id"), "7")
    XCTAssertEqual(calls[0].1?.statusCode, 201)
    XCTAssertEqual(calls[0].1?.value(forHTTPHeaderField: "X-Test"), "1")
    XCTAssertEqual(calls[0].2, Data("made".utf8))
    XCTAssertNil(calls[0].3)
    XCTAssertEqual(calls[1].0?.url?.absoluteString, "\(base)other")
  }

  func testObserverReceivesTransportError() {
    stub.answer { _ in .failure(URLError(.networkConnectionLost)) }
    _ = send(TextEndpoint(), client: makeClient())
    XCTAssertEqual(observed.values.count, 1)
    XCTAssertEqual((observed.values.first?.3 as? URLError)?.code, .networkConnectionLost)
  }

  func testDefaultCompletionQueueIsMain() {
    respond()
    let client = URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration())
    let done = expectation(description: "completion")
    let onMain = Recorder<Bool>()
    _ = client.request(TextEndpoint()) { _ in
      onMain.append(Thread.isMainThread)
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(onMain.values, [true])
  }

  func testCancellingProgressCancelsTheRequest() {
    stub.answer { _ in .noAnswer }
    let done = expectation(description: "completion")
    let results = Recorder<APIResult<String>>()
    let progress = makeClient().request(TextEndpoint()) { result in
      results.append(result)
      done.fulfill()
    }
    let started = Date()
    while stub.requests.isEmpty, Date().timeIntervalSince(started) < 5 {
      RunLoop.current.run(until: Date().addingTimeInterval(0.01))
    }
    progress.cancel()
    wait(for: [done], timeout: 10)
    XCTAssertEqual((results.values.first?.error as? URLError)?.code, .cancelled)
    XCTAssertEqual(results.values.count, 1)
  }

  // MARK: - Async form

  func testAsyncRequestReturnsContent() async throws {
    respond(body: "async hello")
    let content = try await makeClient().request(TextEndpoint())
    XCTAssertEqual(content, "async hello")
  }

  func testAsyncRequestThrowsValidationContentAndTransportErrors() async {
    respond(500)
    let client = makeClient()
    do {
      _ = try await client.request(TextEndpoint(failValidation: true))
      XCTFail("validation must throw")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(name: "validate 500"))
    }
    do {
      _ = try await client.request(TextEndpoint(failContent: true))
      XCTFail("content must throw")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(name: "content"))
    }
    stub.answer { _ in .failure(URLError(.cannotConnectToHost)) }
    do {
      _ = try await client.request(TextEndpoint())
      XCTFail("transport must throw")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost)
    }
  }

  func testCancellingTheTaskCancelsTheRequest() async {
    stub.answer { _ in .noAnswer }
    let client = makeClient()
    let task = Task { try await client.request(TextEndpoint()) }
    while stub.requests.isEmpty { await Task.yield() }
    task.cancel()
    let result = await task.result
    XCTAssertEqual((result.error as? URLError)?.code, .cancelled)
  }

  // MARK: - Uploads

  func testStreamUploadFailsWithClearError() {
    respond()
    let done = expectation(description: "completion")
    let results = Recorder<APIResult<String>>()
    let stream = InputStream(data: Data("x".utf8))
    _ = makeClient().upload(TextUploadEndpoint(body: .stream(stream))) {
      results.append($0)
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(results.values.first?.error as? UploadError, .streamNotSupported)
    XCTAssertTrue(stub.requests.isEmpty)
  }

  func testAsyncStreamUploadThrowsClearError() async {
    do {
      _ = try await makeClient().upload(
        TextUploadEndpoint(body: .stream(InputStream(data: Data()))))
      XCTFail("stream upload must throw")
    } catch {
      XCTAssertEqual(error as? UploadError, .streamNotSupported)
      XCTAssertTrue("\(error)".contains("not supported"))
    }
  }
}
