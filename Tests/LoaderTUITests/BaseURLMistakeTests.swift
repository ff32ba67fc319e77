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

  func testHTTPSToAPlainServerSaysItDoesNotSpeakTLSAtOnce() throws {
    // The sentence is libcurl's transport's; Foundation's says only that TLS failed.
    try XCTSkipUnless(HTTPTransport.isCurlAvailable, "needs the Curl trait")
    let port = try serve { _ in .respond(HTTPResponse(body: Data("{}".utf8))) }
    let started = Date()
    let run = try BinaryRun.run([
      "--headless", "--base-url", "https://127.0.0.1:\(port)", "--no-timestamps",
      "--timeout", "600",
    ])
    // Told by the handshake, not by the request's deadline: a run that waited it out would take
    // 600 s. How fast it is otherwise is a benchmark's business, so the bound is one a loaded
    // machine (or a sanitized binary) never nears, and only a wait for the deadline reaches.
    XCTAssertLessThan(Date().timeIntervalSince(started), 300, "it waited for the timeout")
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

  func testGitHubWithoutANetworkFailsAtOnceWithoutRetries() throws {
    // A network namespace of its own, with no interface up: a machine without a network, where
    // no lookup leaves this one. The default 3 retries took 3.5 to 6 s there.
    try XCTSkipUnless(BinaryRun.canRunWithoutNetwork, "needs unshare -rn (a network namespace)")
    let run = try BinaryRun.shell(
      #"unshare -rn "$BIN" --github --headless --no-timestamps --trace"#)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "loader-tui: Cannot find api.github.com: check the address and the network connection.\n")
    // One request a loader, none a retry's ("↻2"), and no countdown to one.
    XCTAssertEqual(
      run.lines.filter { $0.hasPrefix("request ") && $0.hasSuffix("in flight") }.count, 2,
      run.stdout)
    XCTAssertFalse(run.stdout.contains("↻"), run.stdout)
    XCTAssertFalse(run.stdout.contains("Retrying"), run.stdout)
  }
}
