import ApexyHTTP
import LoopbackHTTP
import XCTest

/// Upload progress through Foundation's own HTTP transport to a server on 127.0.0.1.
final class UploadProgressTests: LoopbackTestCase {
  func testUploadProgressCountsSentBytesAndTheDelegateHearsEachStep() throws {
    let size = 3_000_000
    let server = try serve { request in
      .respond(HTTPResponse(body: Data("got \(request.body.count)".utf8)))
    }
    let delegate = TaskDelegateRecorder()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = 30
    let client = URLSessionClient(
      baseURL: server.baseURL, configuration: configuration, delegate: delegate,
      completionQueue: DispatchQueue(label: "upload-progress"))
    let done = expectation(description: "upload")
    let results = Recorder<String>()
    // Callbacks wait until the test holds the progress, so each one can read it.
    client.session.delegateQueue.isSuspended = true
    let progress = client.upload(TextUploadEndpoint(body: .data(Data(count: size)))) {
      results.append((try? $0.get()) ?? "failed")
      done.fulfill()
    }
    delegate.progress = progress
    XCTAssertEqual(progress.totalUnitCount, Int64(size))
    client.session.delegateQueue.isSuspended = false
    wait(for: [done], timeout: 30)

    XCTAssertEqual(results.values, ["got \(size)"])
    let sent = delegate.events.values.filter { $0.hasPrefix("sent ") }
    XCTAssertGreaterThan(sent.count, 1, "the body goes out in several steps")
    for event in sent {
      // "sent <bytes> <total>/<expected> progress <completed>/<total units>"
      let words = event.split(separator: " ")
      let totals = words[2].split(separator: "/")
      XCTAssertEqual(totals[1], "\(size)", event)
      XCTAssertEqual(words[4], "\(totals[0])/\(size)", "progress moves with the bytes: \(event)")
    }
    XCTAssertTrue(sent.first.map { !$0.contains(" \(size)/\(size) progress") } ?? false)
    XCTAssertEqual(progress.completedUnitCount, Int64(size))
  }
}
