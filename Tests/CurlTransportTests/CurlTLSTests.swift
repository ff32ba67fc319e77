import ApexyHTTP
import CurlTransport
import Foundation
import LoopbackTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTPS through `CurlURLProtocol` against servers with certificates made at test time.
final class CurlTLSTests: TransportTestCase {
  private var fixture: TLSFixture!
  private var savedCertFile: String?

  override func setUpWithError() throws {
    try super.setUpWithError()
    fixture = try TLSFixture()
    savedCertFile = getenv("SSL_CERT_FILE").map { String(cString: $0) }
    setenv("SSL_CERT_FILE", fixture.file("ca.pem"), 1)
  }

  override func tearDown() {
    // A test skipped in setUp (built without the Curl trait) changed nothing to put back.
    if let fixture {
      if let savedCertFile {
        setenv("SSL_CERT_FILE", savedCertFile, 1)
      } else {
        unsetenv("SSL_CERT_FILE")
      }
      CurlPinning.unpin(host: "127.0.0.1")
      fixture.stop()
    }
    super.tearDown()
  }

  private func url(_ port: Int, host: String = "127.0.0.1") -> URL {
    URL(string: "https://\(host):\(port)/orgs/demo")!
  }

  func testCertificateFromTheTrustedAuthorityIsAccepted() async throws {
    let port = try fixture.serve("good")
    for host in ["127.0.0.1", "localhost"] {
      let answer = try await client().request(AnswerEndpoint(url: url(port, host: host)))
      XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "secure /orgs/demo", host)
    }
  }

  func testUntrustedAuthorityFailsNamingTheHost() async throws {
    let port = try fixture.serve("stranger")
    let error = await failure(client(), url(port))
    XCTAssertEqual(error?.code, .serverCertificateHasUnknownRoot)
    assertNames(error, "127.0.0.1:\(port)")
    XCTAssertEqual(
      error?.localizedDescription,
      "The certificate for this server was signed by an unknown certifying authority. You might"
        + " be connecting to a server that is pretending to be “127.0.0.1” which could put your"
        + " confidential information at risk.", "Apple's sentence")
  }

  func testCertificateForAnotherNameFails() async throws {
    let port = try fixture.serve("wrong-name")
    let error = await failure(client(), url(port))
    XCTAssertEqual(error?.code, .serverCertificateUntrusted)
    assertNames(error, "127.0.0.1:\(port)")
    XCTAssertTrue(
      error?.failureDetail.contains("different name") ?? false,
      error?.failureDetail ?? "no error")
  }

  func testExpiredCertificateFails() async throws {
    let port = try fixture.serve("expired")
    let error = await failure(client(), url(port))
    XCTAssertEqual(error?.code, .serverCertificateHasBadDate)
    assertNames(error, "127.0.0.1:\(port)")
    XCTAssertTrue(
      error?.localizedDescription.hasPrefix("The certificate for this server has expired.")
        ?? false, "Apple's sentence")
    XCTAssertEqual(error?.failingURL, url(port))
  }

  func testHandshakeWithAPlainHTTPServerFails() async throws {
    let port = try fixture.serve(nil)
    let error = await failure(client(), url(port))
    XCTAssertEqual(error?.code, .secureConnectionFailed)
    assertNames(error, "127.0.0.1:\(port)")
  }

  func testRightPinWorksAndWrongPinFails() async throws {
    let port = try fixture.serve("good")
    CurlPinning.pin(try fixture.pin(of: "good"), forHost: "127.0.0.1")
    let answer = try await client().request(AnswerEndpoint(url: url(port)))
    XCTAssertEqual(answer.status, 200)

    CurlPinning.pin(try fixture.pin(of: "stranger"), forHost: "127.0.0.1")
    let error = await failure(client(), url(port))
    XCTAssertEqual(error?.code, .serverCertificateUntrusted)
    assertNames(error, "127.0.0.1:\(port)")
    XCTAssertTrue(error?.failureDetail.contains("pinned") ?? false)
  }

  private func assertNames(
    _ error: URLError?, _ host: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let text = error?.failureDetail ?? "no error"
    XCTAssertTrue(text.contains(host), text, file: file, line: line)
  }
}
