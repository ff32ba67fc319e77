import Foundation
import LoopbackHTTP
import XCTest

@testable import CurlTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `CurlURLProtocol` lets go of its task and session once a task ends, and finds the task's
/// work queue it reports on.
final class CurlProtocolLifetimeTests: TransportTestCase {
  /// `CurlProtocol` itself, registered here: it needs no trait.
  override class var needsTheCurlTrait: Bool { false }

  func testFinishedTasksAndTheirSessionAreFreed() async throws {
    let server = try serve { _ in .respond(HTTPResponse(body: Data("done".utf8))) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [CurlURLProtocol.self]
    weak var weakSession: URLSession?
    var weakTasks: [WeakBox] = []
    do {
      let session = URLSession(configuration: configuration)
      weakSession = session
      for _ in 0..<20 {
        let done = expectation(description: "task")
        let task = session.dataTask(with: server.baseURL) { _, _, _ in done.fulfill() }
        weakTasks.append(WeakBox(task))
        task.resume()
        await fulfillment(of: [done], timeout: 10)
      }
      session.finishTasksAndInvalidate()
    }
    // Foundation lets go of finished tasks on its own queues: wait for that, bounded.
    let deadline = Date().addingTimeInterval(5)
    while (weakSession != nil || weakTasks.contains { $0.object != nil }) && Date() < deadline {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    XCTAssertEqual(weakTasks.filter { $0.object != nil }.count, 0, "finished tasks still alive")
    XCTAssertNil(weakSession, "the session is still alive")
  }

  func testTheTasksWorkQueueIsFound() throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: URL(string: "http://127.0.0.1:1/")!)
    XCTAssertNotNil(
      CurlURLProtocol.workQueue(of: task),
      "Foundation's task no longer has a workQueue: reports would go from the libcurl thread")
  }
}

/// A weak reference to an object.
private final class WeakBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
