import ApexyHTTP
import ApexyHTTPTesting
import XCTest

/// The life of each request, as an inspector sees it through `requestLifeObserver`.
final class RequestLifeObserverTests: XCTestCase {
  private let stub = StubTransport()
  private let events = Recorder<RequestLifeEvent>()

  /// A client whose life events are recorded; `ended` is fulfilled by each last event.
  private func client(ended: XCTestExpectation) -> URLSessionClient {
    let events = self.events
    return URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "life-tests"),
      requestLifeObserver: { event in
        events.append(event)
        switch event.kind {
        case .finished, .failed: ended.fulfill()
        default: break
        }
      })
  }

  private func describe(_ kind: RequestLifeEvent.Kind) -> String {
    switch kind {
    case .created: return "created"
    case .responseReceived(let head):
      return "response \(head.status) \(head.headers["X-Id"] ?? "-") \(head.expectedBytes ?? -1)"
    case .bytesReceived(let total, let expected): return "received \(total)/\(expected ?? -1)"
    case .bytesSent(let total, let expected): return "sent \(total)/\(expected ?? -1)"
    case .finished(let status, let received, let sent):
      return "finished \(status ?? 0) \(received) \(sent)"
    case .failed(let error, let status, let received, let sent):
      let reason = (error as? URLError).map { "\($0.code)" } ?? "\(error)"
      return "failed \(reason) \(status ?? 0) \(received) \(sent)"
    }
  }

  func testASuccessfulRequestReportsEachStepWithOneIdAndTimings() async throws {
    stub.answer { _ in
      .response(
        status: 201, headers: ["Content-Length": "10", "X-Id": "7"],
        chunks: [Data(count: 4), Data(count: 6)])
    }
    let ended = expectation(description: "finished")
    let before = Date()
    _ = try await client(ended: ended).request(TextEndpoint(path: "books"))
    await fulfillment(of: [ended], timeout: 10)
    let after = Date()
    let recorded = events.values
    XCTAssertEqual(
      recorded.map { describe($0.kind) },
      ["created", "response 201 7 10", "received 4/10", "received 10/10", "finished 201 10 0"])
    XCTAssertEqual(Set(recorded.map(\.id)).count, 1)
    XCTAssertEqual(Set(recorded.map(\.method)), ["GET"])
    XCTAssertEqual(Set(recorded.map(\.url)), [stub.baseURL.appendingPathComponent("books")])
    let dates = recorded.map(\.date)
    XCTAssertEqual(dates, dates.sorted(), "events come in the order they happened")
    XCTAssertTrue(recorded.allSatisfy { $0.startedAt == recorded[0].date })
    XCTAssertGreaterThanOrEqual(recorded[0].startedAt, before)
    XCTAssertLessThanOrEqual(dates.last!, after)
    XCTAssertEqual(recorded.last!.elapsed, dates.last!.timeIntervalSince(recorded[0].startedAt))
  }

  func testEveryEventCarriesTheSubjectItsEndpointNames() async throws {
    stub.answer { _ in .text("ok") }
    let ended = expectation(description: "finished")
    ended.expectedFulfillmentCount = 2
    let client = client(ended: ended)
    _ = try await client.request(TextEndpoint(path: "owners/1/repos", requestSubject: "alice"))
    _ = try await client.request(TextEndpoint(path: "books"))
    await fulfillment(of: [ended], timeout: 10)
    let byURL = Dictionary(grouping: events.values) { $0.url?.path ?? "" }
    XCTAssertEqual(Set(byURL["/owners/1/repos", default: []].map(\.subject)), ["alice"])
    XCTAssertEqual(Set(byURL["/books", default: []].map(\.subject)), [nil], "none named")
  }

  func testFailuresEndTheLifeWithTheirReason() async throws {
    stub.answer { request in
      request.url?.path == "/lost"
        ? .failure(URLError(.networkConnectionLost)) : .text("no", status: 404)
    }
    let ended = expectation(description: "two failures")
    ended.expectedFulfillmentCount = 2
    let client = client(ended: ended)
    _ = try? await client.request(TextEndpoint(path: "lost"))
    _ = try? await client.request(TextEndpoint(path: "missing", failValidation: true))
    await fulfillment(of: [ended], timeout: 10)
    let byRequest = Dictionary(grouping: events.values, by: \.id).values.sorted {
      $0[0].id < $1[0].id
    }
    XCTAssertEqual(byRequest.count, 2)
    XCTAssertEqual(
      byRequest[0].map { describe($0.kind) }, ["created", "failed networkConnectionLost 0 0 0"])
    XCTAssertEqual(
      byRequest[1].map { describe($0.kind) },
      [
        "created", "response 404 - 2", "received 2/2",
        "failed TestError(name: \"validate 404\") 404 2 0",
      ])
  }

  func testAPostReportsItsSentBodyAndAThrowingMakeRequestNothing() async throws {
    stub.answer { _ in .text("ok") }
    let ended = expectation(description: "finished")
    let client = client(ended: ended)
    _ = try? await client.request(BrokenEndpoint())
    _ = try await client.request(PostTextEndpoint(body: "hello"))
    await fulfillment(of: [ended], timeout: 10)
    XCTAssertEqual(
      events.values.map { describe($0.kind) },
      ["created", "sent 5/5", "response 200 - 2", "received 2/2", "finished 200 2 5"])
    XCTAssertEqual(events.values.first?.method, "POST")
  }

  /// The observer hears events on a queue of the client's own: a request can complete while
  /// its events wait there. `afterRequestEvents` runs once they are all heard.
  func testAfterRequestEventsRunsOnceTheEventsOfACompletedRequestAreHeard() async throws {
    stub.answer { _ in .text("ok") }
    let events = self.events
    let held = DispatchSemaphore(value: 0)
    let client = URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "life-tests"),
      requestLifeObserver: { event in
        // A slow observer: the first event holds the queue until the test lets it go.
        if case .created = event.kind { held.wait() }
        events.append(event)
      })
    _ = try await client.request(TextEndpoint(path: "books"))
    XCTAssertTrue(events.values.isEmpty, "the request completed before its events were heard")
    let heard = expectation(description: "after the events")
    let seen = Recorder<[RequestLifeEvent]>()
    client.afterRequestEvents {
      seen.append(events.values)
      heard.fulfill()
    }
    held.signal()
    await fulfillment(of: [heard], timeout: 10)
    XCTAssertEqual(
      seen.values.map { $0.map { describe($0.kind) } },
      [["created", "response 200 - 2", "received 2/2", "finished 200 2 0"]])
  }
}
