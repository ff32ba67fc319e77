import ApexyHTTP
import CurlTransport
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSessionClient` sending through libcurl (`CurlURLProtocol`, its default on Linux).
final class CurlClientTests: LoopbackTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, "built without the Curl trait")
  }

  private func failure(_ work: () async throws -> String) async -> URLError.Code? {
    do {
      _ = try await work()
      return nil
    } catch {
      return (error as? URLError)?.code
    }
  }

  func testContentLengthAndChunkedBodiesArrive() async throws {
    let text = String(repeating: "0123456789", count: 5_000)
    let server = try serve { request in
      .respond(
        HTTPResponse(body: Data(text.utf8), chunkSize: 777, chunked: request.path == "/chunked"))
    }
    let client = client(server.baseURL)
    let plain = try await client.request(TextEndpoint(path: "plain"))
    let chunked = try await client.request(TextEndpoint(path: "chunked"))
    XCTAssertEqual(plain, text)
    XCTAssertEqual(chunked, text)
  }

  func testHeadersStatusAndValidationReachTheEndpoint() async throws {
    let seen = Recorder<String?>()
    let server = try serve { request in
      seen.append(request.headers["x-id"])
      return .respond(
        HTTPResponse(status: 418, headers: [("X-Test", "yes")], body: Data("tea".utf8)))
    }
    let client = client(server.baseURL)
    do {
      _ = try await client.request(TextEndpoint(failValidation: true, headers: ["X-Id": "7"]))
      XCTFail("validation must throw")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(name: "validate 418"))
    }
    XCTAssertEqual(seen.values, ["7"])
  }

  func testSameOriginRedirectKeepsAndCrossOriginDropsAuthorization() async throws {
    let seen = Recorder<String>()
    let other = try serve { request in
      seen.append("other \(request.headers["authorization"] ?? "none")")
      return .respond(HTTPResponse(body: Data("there".utf8)))
    }
    let otherURL = other.baseURL.appendingPathComponent("landing").absoluteString
    let origin = try serve { request in
      switch request.path {
      case "/greeting":
        return .respond(HTTPResponse(status: 301, headers: [("Location", "/moved")]))
      case "/moved":
        seen.append("moved \(request.headers["authorization"] ?? "none")")
        return .respond(HTTPResponse(status: 302, headers: [("Location", otherURL)]))
      default: return .respond(HTTPResponse(status: 404))
      }
    }
    let content = try await client(origin.baseURL).request(
      TextEndpoint(headers: ["Authorization": "Bearer secret"]))
    XCTAssertEqual(content, "there")
    XCTAssertEqual(seen.values, ["moved Bearer secret", "other none"])
  }

  func testRedirectLoopStops() async throws {
    let server = try serve { _ in
      .respond(HTTPResponse(status: 302, headers: [("Location", "/again")]))
    }
    let code = await failure {
      try await client(server.baseURL).request(TextEndpoint())
    }
    XCTAssertEqual(code, .httpTooManyRedirects)
  }

  func testConnectionErrorsAreTyped() async throws {
    let closed = try serve { _ in .drop }
    let port = closed.port
    closed.stop()
    let refused = await failure {
      try await client(URL(string: "http://127.0.0.1:\(port)")!).request(TextEndpoint())
    }
    XCTAssertEqual(refused, .cannotConnectToHost)

    let dropping = try serve { _ in .drop }
    let dropped = await failure {
      try await client(dropping.baseURL).request(TextEndpoint())
    }
    XCTAssertEqual(dropped, .networkConnectionLost)

    let cutting = try serve { _ in
      .respond(HTTPResponse(body: Data(repeating: 65, count: 10_000), cutAfter: 100))
    }
    let lost = await failure {
      try await client(cutting.baseURL).request(TextEndpoint())
    }
    XCTAssertEqual(lost, .networkConnectionLost)
  }

  func testDeadlineAndCancellationStopAHangingRequest() async throws {
    let server = try serve { _ in .neverAnswer }
    let started = Date()
    let timedOut = await failure {
      try await client(server.baseURL, deadline: 1).request(TextEndpoint())
    }
    XCTAssertEqual(timedOut, .timedOut)
    // The 1 s deadline, not the 30 s default: a bound a loaded machine does not near.
    XCTAssertLessThan(Date().timeIntervalSince(started), 15)

    let hanging = client(server.baseURL)
    let task = Task { try await hanging.request(TextEndpoint()) }
    task.cancel()
    let result = await task.result
    XCTAssertEqual((result.error as? URLError)?.code, .cancelled)
  }

  func testResponseLimitStopsTheTransfer() async throws {
    try await assertTooLarge(size: 100_000)
  }

  func testAPostBodyIsSent() async throws {
    let server = try serve { request in .respond(HTTPResponse(body: request.body)) }
    let echoed = try await client(server.baseURL).request(PostEndpoint(body: "sent with libcurl"))
    XCTAssertEqual(echoed, "sent with libcurl")
  }

  func testFoundationTransportCanBeChosenInstead() async throws {
    let server = try serve { _ in .respond(HTTPResponse(body: Data("plain".utf8))) }
    HTTPTransport.default = .foundation
    let foundation = client(server.baseURL)
    HTTPTransport.default = .curl
    let curl = client(server.baseURL)
    func usesCurl(_ client: URLSessionClient) -> Bool {
      client.session.configuration.protocolClasses?.contains { $0 == CurlURLProtocol.self } ?? false
    }
    XCTAssertFalse(usesCurl(foundation))
    XCTAssertTrue(usesCurl(curl))
    let content = try await foundation.request(TextEndpoint())
    XCTAssertEqual(content, "plain")
  }
}

/// POSTs text as the request body.
private struct PostEndpoint: Endpoint, URLRequestBuildable {
  let body: String

  func makeRequest() throws -> URLRequest { post(URL(string: "echo")!, body: .string(body)) }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    String(decoding: body, as: UTF8.self)
  }
}
