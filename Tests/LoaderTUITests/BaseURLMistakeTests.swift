import ApexyHTTP
import Foundation
import LoopbackHTTP
import XCTest

/// A `--base-url` that is wrong in a way a user makes: `https://` to a plain HTTP server, a
/// path that is not the API's. Each fails at once with one line that says what is wrong.
final class BaseURLMistakeTests: XCTestCase {
  private var server: HTTPServer?

  override func tearDown() {
    server?.stop()
    super.tearDown()
  }

  private func serve(_ handler: @escaping HTTPServer.Handler) throws -> UInt16 {
    let server = HTTPServer(handler: handler)
    self.server = server
    return try server.start()
  }

  func testHTTPSToAPlainServerSaysItDoesNotSpeakTLSInUnderASecond() throws {
    // The sentence is libcurl's transport's; Foundation's says only that TLS failed.
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, "needs the Curl trait")
    let port = try serve { _ in .respond(HTTPResponse(body: Data("{}".utf8))) }
    let started = Date()
    let run = try BinaryRun.run([
      "--headless", "--base-url", "https://127.0.0.1:\(port)", "--no-timestamps",
    ])
    // At once, not after the 15 s timeout (a sanitized binary takes a second to start).
    XCTAssertLessThan(Date().timeIntervalSince(started), BinaryRun.underSanitizer ? 5 : 1)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "loader-tui: 127.0.0.1:\(port) does not speak TLS: it answered the TLS handshake in plain "
        + "text; for a plain HTTP server use an http:// URL.\n")
  }

  func testA404UnderAnotherRootNamesTheURLThatAnsweredIt() throws {
    let port = try serve { _ in
      .respond(HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8)))
    }
    let root = "http://127.0.0.1:\(port)/wrong/path"
    let cases = [
      (
        ["--org", "RedMadRobot"],
        "loader-tui: Organization \"RedMadRobot\" was not found: it does not exist, is private or "
          + "is a user (HTTP 404); \(root)/orgs/RedMadRobot answered it: check --base-url.\n"
      ),
      (
        ["--owner", "alice"],
        "loader-tui: No user or organization named \"alice\" (HTTP 404); \(root)/users/alice "
          + "answered it: check --base-url.\n"
      ),
    ]
    for (owner, expected) in cases {
      let run = try BinaryRun.run(
        ["--headless", "--base-url", root, "--no-timestamps", "--retries", "0"] + owner)
      XCTAssertEqual(run.status, 1, "\(owner)")
      XCTAssertEqual(run.stderr, expected)
    }
  }

  func testAHostThatDoesNotResolveFailsAtOnceWithoutRetries() throws {
    // RFC 6761: a name under .invalid resolves nowhere, with or without a network.
    let started = Date()
    let run = try BinaryRun.run([
      "--headless", "--base-url", "https://api.github.invalid", "--no-timestamps", "--trace",
    ])
    // The default 3 retries waited 3.5 to 6 s in all.
    XCTAssertLessThan(Date().timeIntervalSince(started), BinaryRun.underSanitizer ? 5 : 1.5)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "loader-tui: Cannot find api.github.invalid: check the address and the network "
        + "connection.\n")
    // One request a loader, none a retry's ("↻2").
    XCTAssertFalse(run.stdout.contains("↻"), run.stdout)
  }
}
