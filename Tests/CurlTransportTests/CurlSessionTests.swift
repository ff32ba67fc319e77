import CurlTransport
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `CurlURLProtocol` in a plain `URLSession`: the body arrives piece by piece as it is sent.
final class CurlSessionTests: TransportTestCase {
  /// libcurl's session itself, made here: it needs no trait.
  override class var needsTheCurlTrait: Bool { false }

  func testBodyArrivesInPiecesBeforeTheTransferEnds() async throws {
    let body = Data(repeating: 42, count: 40_000)
    let delegate = PieceCounter()
    // Each piece is sent once the client reported every byte before it, not after a pause:
    // a session that held the body until its end would report it in one piece.
    var response = HTTPResponse(body: body, chunkSize: 10_000)
    response.afterPiece = { sent in delegate.waitUntilReceived(sent, atMost: 10) }
    let server = try serve { [response] _ in .respond(response) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [CurlURLProtocol.self]
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    session.dataTask(with: server.baseURL).resume()
    await fulfillment(of: [delegate.done], timeout: 10)
    XCTAssertEqual(delegate.received, body.count)
    XCTAssertGreaterThanOrEqual(delegate.pieces, 4, "each 10,000-byte piece is reported")
    XCTAssertEqual(delegate.status, 200)
  }
}

extension CurlSessionTests {
  func testHTTPProxyFromTheEnvironmentIsUsed() async throws {
    let seen = Recorder<String>()
    let proxy = try serve { request in
      seen.append("\(request.method) \(request.path) \(request.headers["host"] ?? "")")
      return .respond(HTTPResponse(body: Data("via proxy".utf8)))
    }
    let saved = ["http_proxy", "no_proxy", "NO_PROXY"].map { (name: String) in
      (name, getenv(name).map { String(cString: $0) })
    }
    setenv("http_proxy", proxy.baseURL.absoluteString, 1)
    unsetenv("no_proxy")
    unsetenv("NO_PROXY")
    defer {
      for (name, value) in saved {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
    // Nothing listens on port 9 of this host: only the proxy can answer.
    let answer = try await client().request(
      AnswerEndpoint(url: URL(string: "http://127.0.0.1:9/orgs/demo")!))
    XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "via proxy")
    XCTAssertEqual(seen.values, ["GET /orgs/demo 127.0.0.1:9"])
  }
}

/// Counts the pieces of body a task reports.
private final class PieceCounter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let done = XCTestExpectation(description: "task completed")
  private let lock = NSCondition()
  private var counts = (pieces: 0, bytes: 0, status: 0)

  /// Returns once `bytes` bytes were reported, or `seconds` went by without it.
  func waitUntilReceived(_ bytes: Int, atMost seconds: TimeInterval) {
    let deadline = Date().addingTimeInterval(seconds)
    lock.withLock {
      while counts.bytes < bytes, lock.wait(until: deadline) {}
    }
  }

  var pieces: Int { lock.withLock { counts.pieces } }
  var received: Int { lock.withLock { counts.bytes } }
  var status: Int { lock.withLock { counts.status } }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { counts.status = (response as? HTTPURLResponse)?.statusCode ?? 0 }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.withLock {
      counts.pieces += 1
      counts.bytes += data.count
      lock.broadcast()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    done.fulfill()
  }
}

extension CurlSessionTests {
  /// Foundation keeps a session's tasks in a registry that only its work queue may touch; the
  /// protocol's reports read it, so they must be made there while other tasks come and go.
  func testManyTasksOfOneSessionStartAndFinishTogether() async throws {
    let body = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0) })
    let server = try serve { _ in .respond(HTTPResponse(body: body, chunkSize: 256)) }
    let recorder = TaskRecorder()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [CurlURLProtocol.self]
    let session = URLSession(configuration: configuration, delegate: recorder, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    // Three rounds of 300 tasks, started from four threads while earlier ones finish.
    for round in 1...3 {
      let started = Recorder<(task: URLSessionDataTask, ended: XCTestExpectation)>()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for index in 0..<75 {
          let url = server.baseURL.appendingPathComponent("\(index)")
          started.append(recorder.start(url, in: session))
        }
      }
      await fulfillment(of: started.values.map(\.ended), timeout: 20)
      let wrong = started.values.filter { recorder.outcome($0.task).body != body }
      XCTAssertEqual(wrong.count, 0, "round \(round): tasks without the whole body")
    }
  }
}
