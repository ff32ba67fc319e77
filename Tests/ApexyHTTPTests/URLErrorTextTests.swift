import ApexyHTTP
import ApexyHTTPTesting
import Foundation
import Locking
import LoopbackHTTP
import LoopbackTesting
import XCTest

/// Every `URLError` the libraries make reads as URLSession's on Apple platforms (Apple's
/// sentence, the failing URL under both keys) and says more in its failure reason, which
/// `print(error)` shows on Linux; the same failure from `StubTransport` reads the same.
final class URLErrorTextTests: LoopbackTestCase {
  private let stub = StubTransport()
  /// Without the `Curl` trait, Foundation's own transport makes these errors, not the library.
  private static let foundationsOwn = "Foundation's own transport reports this failure"

  func testARefusedConnectionReadsAsOnIOS() async throws {
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, Self.foundationsOwn)
    let server = try serve { _ in .drop }
    let url = server.baseURL
    server.stop()
    let error = try await failure(client(url))
    try assertReadsAsOnIOS(error, .cannotConnectToHost, "Could not connect to the server.")
    XCTAssertTrue(error.failureDetail.contains("127.0.0.1:\(url.port!)"), error.failureDetail)
    try await assertStubReadsTheSame(error)
  }

  func testTheClientsDeadlineReadsAsOnIOSAndSaysHowLongItWaited() async throws {
    let server = try serve { _ in .neverAnswer }
    let error = try await failure(client(server.baseURL, deadline: 1))
    try assertReadsAsOnIOS(error, .timedOut, "The request timed out.")
    XCTAssertTrue(error.failureDetail.contains("deadline of 1 s"), error.failureDetail)
    try await assertStubReadsTheSame(error)
  }

  func testAnIdleRequestTimeoutReadsAsOnIOS() async throws {
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, Self.foundationsOwn)
    let server = try serve { _ in .neverAnswer }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 1
    let client = URLSessionClient(
      baseURL: server.baseURL, configuration: configuration,
      completionQueue: DispatchQueue(label: "idle"))
    let error = try await failure(client)
    try assertReadsAsOnIOS(error, .timedOut, "The request timed out.")
    XCTAssertTrue(error.failureDetail.contains("did not answer in time"), error.failureDetail)
    try await assertStubReadsTheSame(error)
  }

  func testCertificateFailuresFromTheStubReadAsOnIOS() async throws {
    let sentences: [(URLError.Code, String)] = [
      (.serverCertificateHasUnknownRoot, "signed by an unknown certifying authority."),
      (.serverCertificateHasBadDate, "has expired."),
      (.serverCertificateUntrusted, "is invalid."),
      (.serverCertificateNotYetValid, "is not yet valid."),
      (.secureConnectionFailed, "a secure connection to the server cannot be made."),
    ]
    for (code, words) in sentences {
      stub.answer { _ in .failure(URLError(code)) }
      let error = try await failure(
        URLSessionClient(
          baseURL: stub.baseURL, configuration: stub.configuration(),
          completionQueue: DispatchQueue(label: "stub-tls")))
      XCTAssertEqual(error.code, code)
      XCTAssertTrue(error.localizedDescription.contains(words), error.localizedDescription)
      XCTAssertEqual(error.failingURL?.host, stub.baseURL.host)
      XCTAssertFalse(String(describing: error).contains("(null)"), String(describing: error))
    }
  }

  func testARedirectLoopReadsAsOnIOS() async throws {
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, Self.foundationsOwn)
    let server = try serve { _ in
      .respond(HTTPResponse(status: 302, headers: [("Location", "/greeting")]))
    }
    let error = try await failure(client(server.baseURL))
    try assertReadsAsOnIOS(error, .httpTooManyRedirects, "too many HTTP redirects")
    XCTAssertTrue(error.failureDetail.contains("more than 16 times"), error.failureDetail)
    try await assertStubReadsTheSame(error)
  }

  func testAConnectionLostInTheBodyReadsAsOnIOS() async throws {
    let server = try serve { _ in
      .respond(HTTPResponse(body: Data(repeating: 7, count: 10_000), cutAfter: 4_000))
    }
    let error = try await failure(client(server.baseURL))
    try assertReadsAsOnIOS(error, .networkConnectionLost, "The network connection was lost.")
    try await assertStubReadsTheSame(error)
  }

  func testACancelledRequestReadsAsOnIOS() async throws {
    let server = try serve { _ in .neverAnswer }
    let seen = expectation(description: "cancelled")
    let box = Locked<URLError?>(nil)
    let progress = client(server.baseURL).request(TextEndpoint()) { result in
      let error = result.error as? URLError
      box.withLock { $0 = error }
      seen.fulfill()
    }
    progress.cancel()
    await fulfillment(of: [seen], timeout: 10)
    let error = try XCTUnwrap(box.withLock { $0 })
    try assertReadsAsOnIOS(error, .cancelled, "cancelled")
    try await assertStubReadsTheSame(error)
  }

  func testAHostThatCannotBeFoundReadsAsOnIOS() async throws {
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, Self.foundationsOwn)
    // A label over 63 bytes is refused by the resolver before it asks any DNS server, so the
    // lookup fails here as a missing host does, with no network at all.
    let host = String(repeating: "x", count: 64) + ".example"
    let error = try await failure(client(URL(string: "http://\(host)/")!))
    try assertReadsAsOnIOS(
      error, .cannotFindHost, "A server with the specified hostname could not be found.")
    XCTAssertTrue(error.failureDetail.contains(host), error.failureDetail)
    try await assertStubReadsTheSame(error)
  }

  func testAHostNoStubAnswersReadsAsOnIOS() async throws {
    let client = URLSessionClient(
      baseURL: URL(string: "https://nobody.stub.test/")!, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "stub-errors"))
    let error = try await failure(client)
    try assertReadsAsOnIOS(
      error, .cannotFindHost, "A server with the specified hostname could not be found.")
    XCTAssertTrue(error.failureDetail.contains("nobody.stub.test"), error.failureDetail)
  }

  // MARK: - Helpers

  /// The error a `TextEndpoint` request through `client` failed with.
  private func failure(_ client: URLSessionClient) async throws -> URLError {
    do {
      _ = try await client.request(TextEndpoint())
    } catch let error as URLError {
      return error
    }
    XCTFail("the request did not fail with a URLError")
    throw URLError(.unknown)
  }

  private func assertReadsAsOnIOS(
    _ error: URLError, _ code: URLError.Code, _ sentence: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertEqual(error.code, code, file: file, line: line)
    XCTAssertEqual(error.localizedDescription, sentence, file: file, line: line)
    let url = try XCTUnwrap(error.failingURL, "the failing URL", file: file, line: line)
    XCTAssertEqual(
      error.userInfo["NSErrorFailingURLStringKey"] as? String, url.absoluteString,
      file: file, line: line)
    XCTAssertFalse(error.failureDetail.isEmpty, "a failure reason", file: file, line: line)
    XCTAssertFalse(
      String(describing: error).contains("(null)"), String(describing: error),
      file: file, line: line)
  }

  /// A stub answering with a bare `URLError` of the same code hands out one that reads the same.
  private func assertStubReadsTheSame(
    _ real: URLError, file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    stub.answer { _ in .failure(URLError(real.code)) }
    let client = URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "stub-errors"))
    let stubbed = try await failure(client)
    XCTAssertEqual(stubbed.code, real.code, file: file, line: line)
    XCTAssertEqual(
      stubbed.localizedDescription, real.localizedDescription, file: file, line: line)
    XCTAssertNotNil(stubbed.failingURL, file: file, line: line)
    XCTAssertFalse(
      String(describing: stubbed).contains("(null)"), String(describing: stubbed),
      file: file, line: line)
  }
}
