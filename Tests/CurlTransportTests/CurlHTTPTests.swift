import ApexyHTTP
import Foundation
import LoopbackHTTP
import LoopbackTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plain-HTTP behaviour of `CurlURLProtocol`: what arrives, compression, connection reuse.
final class CurlHTTPTests: TransportTestCase {
  func testStatusHeadersAndBodyArriveAsSent() async throws {
    let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let server = try serve { request in
      .respond(
        HTTPResponse(
          status: 203,
          headers: [
            ("X-Mixed-Case", "Value  with  spaces"), ("Link", "<a>; rel=\"next\""),
            ("Set-Thing", "one"), ("set-thing", "two"),
          ],
          body: body, chunkSize: 4_096, chunked: request.path == "/chunked"))
    }
    for path in ["plain", "chunked"] {
      let answer = try await client().request(
        AnswerEndpoint(url: server.baseURL.appendingPathComponent(path)))
      XCTAssertEqual(answer.status, 203, path)
      XCTAssertEqual(answer.headers["X-Mixed-Case"], "Value  with  spaces", path)
      XCTAssertEqual(answer.headers["Link"], "<a>; rel=\"next\"", path)
      XCTAssertEqual(answer.headers["Set-Thing"], "one, two", path)
      XCTAssertEqual(answer.body, body, path)
    }
  }

  func testRequestHeadersAreSentAsGiven() async throws {
    let seen = Recorder<[String: String]>()
    let server = try serve { request in
      seen.append(request.headers)
      return .respond(HTTPResponse())
    }
    _ = try await client().request(
      AnswerEndpoint(
        url: server.baseURL, headers: ["X-Token": "abc", "User-Agent": "loader-tui/test"]))
    let headers = try XCTUnwrap(seen.values.first)
    XCTAssertEqual(headers["x-token"], "abc")
    XCTAssertEqual(headers["user-agent"], "loader-tui/test")
    XCTAssertNil(headers["expect"])
  }

  /// A compressed body arrives decoded.
  func testGzipAskedForIsDecoded() async throws {
    let text = String(repeating: "{\"name\":\"Apexy\",\"stars\":207}", count: 2_000)
    let compressed = try gzip(Data(text.utf8))
    let seen = Recorder<String>()
    let server = try serve { request in
      seen.append(request.headers["accept-encoding"] ?? "none")
      return .respond(HTTPResponse(headers: [("Content-Encoding", "gzip")], body: compressed))
    }
    let answer = try await client().request(
      AnswerEndpoint(url: server.baseURL, headers: ["Accept-Encoding": "gzip"]))
    XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), text)
    XCTAssertLessThan(compressed.count * 10, text.utf8.count, "the test body compresses")
    XCTAssertTrue(seen.values.first?.contains("gzip") ?? false, "\(seen.values)")
  }

  func testSequentialRequestsShareOneConnection() async throws {
    let server = try serve { request in
      .respond(HTTPResponse(body: Data("page \(request.queryValue("page") ?? "")".utf8)))
    }
    let client = client()
    for page in 1...20 {
      let url = URL(string: "\(server.baseURL.absoluteString)/repos?page=\(page)")!
      let answer = try await client.request(AnswerEndpoint(url: url))
      XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "page \(page)")
    }
    XCTAssertEqual(server.acceptedConnections, 1)
  }

  func testA401WithAChallengeArrivesAtOnce() async throws {
    let server = try serve { _ in
      .respond(
        HTTPResponse(
          status: 401, headers: [("WWW-Authenticate", "Basic realm=\"GitHub\"")],
          body: Data("Bad credentials".utf8)))
    }
    let started = Date()
    let answer = try await client(deadline: 60).request(AnswerEndpoint(url: server.baseURL))
    XCTAssertEqual(answer.status, 401)
    XCTAssertEqual(answer.headers["WWW-Authenticate"], "Basic realm=\"GitHub\"")
    XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "Bad credentials")
    // Not after the 60 s deadline; how fast is a benchmark's business.
    XCTAssertLessThan(Date().timeIntervalSince(started), 30)
  }

  func testRefusedConnectionNamesTheHost() async throws {
    let server = try serve { _ in .drop }
    let url = server.baseURL
    server.stop()
    let error = await failure(client(), url)
    XCTAssertEqual(error?.code, .cannotConnectToHost)
    XCTAssertTrue(
      error?.failureDetail.contains("127.0.0.1:\(url.port!)") ?? false,
      error?.failureDetail ?? "no error")
  }

  func testCancellingWhileABodyStreamsInIsSafe() async throws {
    let body = Data(repeating: 7, count: 256 * 1024)
    let server = try serve { _ in .respond(HTTPResponse(body: body, chunkSize: 16 * 1024)) }
    let client = client()
    let outcomes = Recorder<String>()
    for round in 0..<150 {
      let done = expectation(description: "request \(round)")
      let progress = client.request(AnswerEndpoint(url: server.baseURL)) { result in
        switch result {
        case .success(let answer): outcomes.append(answer.body == body ? "whole" : "partial")
        case .failure(let error): outcomes.append("\((error as? URLError)?.code ?? .unknown)")
        }
        done.fulfill()
      }
      // From before the request leaves to after the last piece arrives.
      usleep(useconds_t(round % 10) * 150)
      progress.cancel()
      await fulfillment(of: [done], timeout: 10)
    }
    XCTAssertEqual(outcomes.values.count, 150)
    let unexpected = outcomes.values.filter { $0 != "whole" && $0 != "\(URLError.Code.cancelled)" }
    XCTAssertEqual(unexpected, [])
    XCTAssertTrue(outcomes.values.contains("\(URLError.Code.cancelled)"))
  }

  /// `data` compressed by the system's `gzip`.
  private func gzip(_ data: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-c"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let compressed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return compressed
  }
}

/// Values collected from several threads.
final class Recorder<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []

  /// Adds a value.
  func append(_ value: Value) { lock.withLock { stored.append(value) } }

  /// Everything added so far, in order.
  var values: [Value] { lock.withLock { stored } }
}
