import ApexyHTTP
import CurlTransport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP/2 through `CurlURLProtocol`, against nghttpd (apt package `nghttp2-server`) with a
/// certificate made at test time: what arrives, and many requests sharing one connection.
final class CurlHTTP2Tests: TransportTestCase {
  private var tls: TLSFixture!
  private var server: HTTP2Fixture!
  /// Puts `SSL_CERT_FILE` back as it was; set once the test changed it.
  private var restoreCertFile: (() -> Void)?
  private let reports = Recorder<CurlTransferReport>()

  /// Starts nghttpd and trusts its CA. Called in each test rather than in `setUp`, so that a
  /// missing nghttpd fails the test with the fixture's one-line message.
  private func startServer() throws {
    tls = try TLSFixture()
    server = try HTTP2Fixture(tls: tls)
    let saved = getenv("SSL_CERT_FILE").map { String(cString: $0) }
    restoreCertFile = {
      if let saved { setenv("SSL_CERT_FILE", saved, 1) } else { unsetenv("SSL_CERT_FILE") }
    }
    setenv("SSL_CERT_FILE", tls.file("ca.pem"), 1)
    CurlURLProtocol.transferFinished = { [reports] in reports.append($0) }
  }

  override func tearDown() {
    CurlURLProtocol.transferFinished = nil
    restoreCertFile?()
    server?.stop()
    tls?.stop()
    super.tearDown()
  }

  /// The reports of transfers to this test's server.
  private var serverReports: [CurlTransferReport] {
    reports.values.filter { $0.url.port == server.port }
  }

  /// Writes `/page1.json` … `/page<count>.json`, each a different body; returns the bodies.
  private func writePages(_ count: Int) throws -> [Data] {
    try (1...count).map { page in
      let body = Data(
        (0..<(500 + page * 37)).map { "[\(page):\($0)]" }.joined(separator: ",").utf8)
      try server.write(body, to: "page\(page).json")
      return body
    }
  }

  func testAnswerArrivesAsServedOverHTTP2() async throws {
    try startServer()
    let body = Data(String(repeating: "{\"name\":\"Apexy\",\"stars\":207}\n", count: 3_000).utf8)
    // Tue, 02 Jan 2024 03:04:05 GMT
    try server.write(body, to: "repos.json", modified: Date(timeIntervalSince1970: 1_704_164_645))
    let answer = try await client().request(AnswerEndpoint(url: server.url("/repos.json")))
    XCTAssertEqual(answer.status, 200)
    XCTAssertEqual(answer.body, body)
    // Lower case on the wire; Foundation's HTTPURLResponse spells known names its way.
    XCTAssertEqual(answer.headers["Content-Type"], "application/json")
    XCTAssertEqual(answer.headers["Content-Length"], "\(body.count)")
    XCTAssertEqual(answer.headers["Last-Modified"], "Tue, 02 Jan 2024 03:04:05 GMT")
    XCTAssertEqual(answer.headers["Cache-Control"], "max-age=3600")
    XCTAssertTrue(answer.headers["Server"]?.hasPrefix("nghttpd") ?? false, "\(answer.headers)")
    // The trailer after the body is not a header field, and does not end up in the body.
    XCTAssertEqual(answer.headers["Trailer"], "x-checksum")
    XCTAssertNil(answer.headers.first { $0.key.lowercased() == "x-checksum" })

    let missing = try await client().request(AnswerEndpoint(url: server.url("/missing.json")))
    XCTAssertEqual(missing.status, 404)
    XCTAssertEqual(missing.headers["Content-Type"], "text/html; charset=UTF-8")
    let page = String(decoding: missing.body, as: UTF8.self)
    XCTAssertTrue(page.contains("<h1>404 Not Found</h1>"), page)

    let reports = serverReports
    XCTAssertEqual(reports.map(\.httpVersion), [.http2, .http2])
    XCTAssertEqual(reports.map(\.status), [200, 404])
  }

  func testConcurrentRequestsAreMultiplexedOverOneConnection() async throws {
    try startServer()
    let bodies = try writePages(40)
    let client = client()
    let urls = (1...40).map { server.url("/page\($0).json") }
    let answers = try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
      for (index, url) in urls.enumerated() {
        group.addTask { (index, try await client.request(AnswerEndpoint(url: url))) }
      }
      var answers = [Answer?](repeating: nil, count: urls.count)
      for try await (index, answer) in group { answers[index] = answer }
      return answers.compactMap { $0 }
    }
    XCTAssertEqual(answers.map(\.status), Array(repeating: 200, count: 40))
    XCTAssertEqual(answers.map(\.body), bodies)

    let reports = serverReports
    XCTAssertEqual(reports.count, 40)
    XCTAssertEqual(Set(reports.map(\.httpVersion)), [.http2])
    XCTAssertEqual(reports.map(\.connectionsOpened).reduce(0, +), 1, "connections opened")
    XCTAssertEqual(Set(reports.map(\.localPort)).count, 1, "connections used")
  }

  func testSequentialRequestsReuseTheConnection() async throws {
    try startServer()
    let bodies = try writePages(10)
    let client = client()
    for (index, body) in bodies.enumerated() {
      let answer = try await client.request(
        AnswerEndpoint(url: server.url("/page\(index + 1).json")))
      XCTAssertEqual(answer.body, body)
    }
    let reports = serverReports
    XCTAssertEqual(reports.count, 10)
    XCTAssertEqual(Set(reports.map(\.httpVersion)), [.http2])
    XCTAssertEqual(reports.map(\.connectionsOpened), [1] + Array(repeating: 0, count: 9))
    XCTAssertEqual(Set(reports.map(\.localPort)).count, 1, "connections used")
  }

  func testCancellingOneStreamLeavesTheOthersOnTheConnection() async throws {
    try startServer()
    let bodies = try writePages(20)
    let bigSize = 64 << 20
    try server.writeSparse(size: bigSize, to: "big.bin")
    let recorder = TaskRecorder()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [CurlURLProtocol.self]
    configuration.timeoutIntervalForResource = 10
    let session = URLSession(configuration: configuration, delegate: recorder, delegateQueue: nil)
    defer { session.invalidateAndCancel() }

    // The connection, opened by a first request.
    let first = recorder.start(server.url("/page1.json"), in: session)
    await fulfillment(of: [first.ended], timeout: 10)
    let port = try XCTUnwrap(serverReports.first?.localPort)

    // A large file, cancelled as its body starts arriving, while 20 pages stream in beside it.
    let big = recorder.start(server.url("/big.bin"), in: session, cancelAtFirstByte: true)
    let pages = (1...20).map { recorder.start(server.url("/page\($0).json"), in: session) }
    await fulfillment(of: [big.ended] + pages.map(\.ended), timeout: 10)
    let cancelled = recorder.outcome(big.task)
    XCTAssertEqual(cancelled.error?.code, .cancelled)
    XCTAssertGreaterThan(cancelled.body.count, 0)
    XCTAssertLessThan(cancelled.body.count, bigSize, "cancelled before the whole file arrived")
    for (index, page) in pages.enumerated() {
      let outcome = recorder.outcome(page.task)
      XCTAssertNil(outcome.error, "page \(index + 1)")
      XCTAssertEqual(outcome.status, 200, "page \(index + 1)")
      XCTAssertEqual(outcome.body, bodies[index], "page \(index + 1)")
    }

    // The connection outlived the cancelled stream.
    let after = recorder.start(server.url("/page2.json"), in: session)
    await fulfillment(of: [after.ended], timeout: 10)
    XCTAssertEqual(recorder.outcome(after.task).body, bodies[1])
    let reports = serverReports
    XCTAssertEqual(reports.count, 22, "the first, 20 pages and the one after; not the cancelled")
    XCTAssertEqual(Set(reports.map(\.httpVersion)), [.http2])
    XCTAssertEqual(reports.map(\.connectionsOpened).reduce(0, +), 1, "connections opened")
    XCTAssertEqual(Set(reports.map(\.localPort)), [port], "connections used")
  }
}
