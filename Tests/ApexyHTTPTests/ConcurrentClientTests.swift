import ApexyHTTP
import ApexyHTTPTesting
import Foundation
import Locking
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One client used from many threads at once: every request completes once, its observer and
/// completion on the completion queue, whatever thread sent or cancelled it. (Run under
/// ThreadSanitizer, these also check that nothing is shared without a lock or a queue.)
final class ConcurrentClientTests: LoopbackTestCase {
  private static let requests = 40

  /// Whether the code calling this runs on `queue`, told by a key only that queue carries.
  private final class QueueMark: Sendable {
    private let key = DispatchSpecificKey<Int>()
    let queue: DispatchQueue

    init(label: String) {
      queue = DispatchQueue(label: label)
      queue.setSpecific(key: key, value: 1)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
  }

  /// What the completions of one run saw, kept on the completion queue alone (no lock: each
  /// completion and observer call must run there, one at a time).
  private final class Tally {
    var results: [String] = []
    var failures: [URLError.Code] = []
    var observed = 0
    var offQueue = 0
  }

  /// Sends `Self.requests` requests from as many threads at once, cancelling every `cancelEvery`-th
  /// from yet another thread, and returns what their completions saw.
  private func sendFromManyThreads(
    _ make: (QueueMark, @escaping ResponseObserver) -> URLSessionClient, cancelEvery: Int? = nil,
    path: @escaping @Sendable (Int) -> String = { "item/\($0)" }
  ) async -> (results: [String], failures: [URLError.Code], observed: Int) {
    let mark = QueueMark(label: "concurrent-completions")
    let tally = Tally()
    let observer: ResponseObserver = { _, _, _, _ in
      if !mark.isCurrent { tally.offQueue += 1 }
      tally.observed += 1
    }
    let client = make(mark, observer)
    let done = expectation(description: "every completion")
    done.expectedFulfillmentCount = Self.requests
    // Each completion runs on the completion queue only; the tally is touched nowhere else.
    let complete = uncheckedSendable { (result: APIResult<String>) in
      if !mark.isCurrent { tally.offQueue += 1 }
      switch result {
      case .success(let text): tally.results.append(text)
      case .failure(let error): tally.failures.append((error as? URLError)?.code ?? .unknown)
      }
      done.fulfill()
    }
    DispatchQueue.concurrentPerform(iterations: Self.requests) { index in
      let progress = client.request(TextEndpoint(path: path(index))) { complete($0) }
      if let cancelEvery, index % cancelEvery == 0 {
        DispatchQueue.global().async { progress.cancel() }
      }
    }
    await fulfillment(of: [done], timeout: 30)
    return await withCheckedContinuation { continuation in
      mark.queue.async(
        execute: uncheckedSendable {
          XCTAssertEqual(tally.offQueue, 0, "completions and observers run on the completion queue")
          continuation.resume(returning: (tally.results, tally.failures, tally.observed))
        })
    }
  }

  func testRequestsFromManyThreadsThroughAStubTransport() async {
    let stub = StubTransport { request in .text(request.url?.lastPathComponent ?? "?") }
    let run = await sendFromManyThreads { mark, observer in
      URLSessionClient(
        baseURL: stub.baseURL, configuration: stub.configuration(), completionQueue: mark.queue,
        responseObserver: observer)
    }
    XCTAssertEqual(run.results.sorted(), (0..<Self.requests).map(String.init).sorted())
    XCTAssertEqual(run.observed, Self.requests)
    XCTAssertEqual(stub.requests.count, Self.requests)
  }

  func testRequestsAndCancellationsFromManyThreadsThroughAStubTransport() async {
    let stub = StubTransport { request in
      .response(status: 200, headers: [:], chunks: (0..<8).map { _ in Data("ab".utf8) })
    }
    let run = await sendFromManyThreads(
      { mark, observer in
        URLSessionClient(
          baseURL: stub.baseURL, configuration: stub.configuration(),
          completionQueue: mark.queue, responseObserver: observer)
      }, cancelEvery: 3)
    XCTAssertEqual(run.results.count + run.failures.count, Self.requests, "each completes once")
    XCTAssertTrue(run.results.allSatisfy { $0 == String(repeating: "ab", count: 8) })
    XCTAssertTrue(run.failures.allSatisfy { $0 == .cancelled }, "\(run.failures)")
  }

  func testRequestsAndCancellationsFromManyThreadsThroughLibcurl() async throws {
    let server = try serve { request in
      .respond(HTTPResponse(body: Data(request.path.utf8), chunkSize: 4, chunkPause: 0.001))
    }
    for withoutSession in [false, true] {
      sendsWithoutSession = withoutSession
      let run = await sendFromManyThreads(
        { mark, observer in
          withoutSession
            ? URLSessionClient(
              requestAdapter: BaseRequestAdapter(baseURL: server.baseURL),
              defaults: RequestDefaults(deadline: 30), completionQueue: mark.queue,
              responseObserver: observer)
            : URLSessionClient(
              baseURL: server.baseURL, configuration: .ephemeral, completionQueue: mark.queue,
              responseObserver: observer)
        }, cancelEvery: 4)
      XCTAssertEqual(run.results.count + run.failures.count, Self.requests, "each completes once")
      XCTAssertTrue(run.results.allSatisfy { $0.hasPrefix("/item/") }, "\(run.results)")
      XCTAssertTrue(run.failures.allSatisfy { $0 == .cancelled }, "\(run.failures)")
    }
  }

  func testAsyncRequestsFromManyTasks() async throws {
    let stub = StubTransport { request in .text(request.url?.lastPathComponent ?? "?") }
    let client = URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "async-completions"))
    let texts = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<Self.requests {
        group.addTask { try await client.request(TextEndpoint(path: "item/\(index)")) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    XCTAssertEqual(texts.sorted(), (0..<Self.requests).map(String.init).sorted())
  }

  func testTheBaseURLMayChangeWhileRequestsAreAdapted() async {
    let first = StubTransport { _ in .text("first") }
    let second = StubTransport { _ in .text("second") }
    let adapter = BaseRequestAdapter(baseURL: first.baseURL)
    let client = URLSessionClient(
      requestAdapter: adapter, configuration: first.configuration(),
      completionQueue: DispatchQueue(label: "switching"))
    let answers = Locked<[String]>([])
    let done = expectation(description: "every completion")
    done.expectedFulfillmentCount = Self.requests
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: Self.requests) { _ in
        _ = client.request(TextEndpoint()) { result in
          answers.withLock { $0.append((try? result.get()) ?? "failed") }
          done.fulfill()
        }
      }
    }
    // Meanwhile, this thread switches environments back and forth.
    for round in 0..<400 { adapter.baseURL = round % 2 == 0 ? second.baseURL : first.baseURL }
    await fulfillment(of: [done], timeout: 30)
    let all = answers.withLock { $0 }
    XCTAssertEqual(all.count, Self.requests)
    XCTAssertTrue(all.allSatisfy { $0 == "first" || $0 == "second" }, "\(all)")
    XCTAssertEqual(first.requests.count + second.requests.count, Self.requests)
  }

  func testAClientReleasedOnAnotherThreadStillCompletesItsRequest() async throws {
    let server = try serve { _ in .respond(HTTPResponse(body: Data("late".utf8), delay: 0.05)) }
    let done = expectation(description: "completion")
    let result = Locked<String?>(nil)
    var client: URLSessionClient? = URLSessionClient(
      baseURL: server.baseURL, configuration: .ephemeral,
      completionQueue: DispatchQueue(label: "released"))
    weak let weakClient = client
    _ = client?.request(TextEndpoint()) { answer in
      result.withLock { $0 = try? answer.get() }
      done.fulfill()
    }
    let released = expectation(description: "released")
    let holder = Holder(client.take())
    Thread {
      holder.client.withLock { $0 = nil }
      released.fulfill()
    }.start()
    await fulfillment(of: [released, done], timeout: 10)
    XCTAssertEqual(result.withLock { $0 }, "late")
    XCTAssertNil(weakClient)
  }
}

/// The last reference to a client, for the thread that lets go of it.
private final class Holder: Sendable {
  let client: Locked<URLSessionClient?>

  init(_ client: URLSessionClient?) { self.client = Locked(client) }
}
