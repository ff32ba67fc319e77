import Foundation
import LoopbackHTTP
import XCTest

/// A 401's and a rate limit's lines name where the token came from (the variable, a
/// `--token-file` on the command line or in the config file), and advise giving a token only
/// when none was sent.
final class TokenOriginTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A server that answers 401 as GitHub does: "Bad credentials" to a token, "Requires
  /// authentication" without one.
  private func refusingServer() throws -> HTTPServer {
    let server = HTTPServer { request in
      let message =
        request.headers["authorization"] == nil ? "Requires authentication" : "Bad credentials"
      return .respond(
        HTTPResponse(status: 401, body: Data(#"{"message":"\#(message)"}"#.utf8)))
    }
    try server.start()
    addTeardownBlock { server.stop() }
    return server
  }

  /// A file holding a token, mode 0600.
  private func tokenFile(_ name: String) throws -> String {
    let file = directory.appendingPathComponent(name)
    try Data("ghp_FROMFILE\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    return file.path
  }

  /// The summary line of a headless run against `server` with `arguments`.
  private func failure(
    _ server: HTTPServer, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> String {
    let run = try BinaryRun.run(
      [
        "--headless", "--no-timestamps", "--retries", "0", "--base-url",
        server.baseURL.absoluteString,
      ]
        + arguments, environment: environment)
    XCTAssertEqual(run.status, 1, run.stderr)
    let prefix = "done: 1 round, failure: "
    let summary = run.lines.last ?? ""
    XCTAssertTrue(summary.hasPrefix(prefix), summary)
    return String(summary.dropFirst(prefix.count))
  }

  func testA401NamesWhereTheTokenCameFrom() throws {
    let server = try refusingServer()
    let rejected = "was rejected (HTTP 401: Bad credentials); check or replace it."
    XCTAssertEqual(
      try failure(server, [], environment: ["GITHUB_TOKEN": "ghp_FROMVARIABLE"]),
      "The token from GITHUB_TOKEN \(rejected)")
    let typed = try tokenFile("ok.tok")
    XCTAssertEqual(
      try failure(server, ["--token-file", typed], environment: ["GITHUB_TOKEN": "ghp_X"]),
      "The token from \(typed) (--token-file) \(rejected)")
    let filed = try tokenFile("filed.tok")
    let config = directory.appendingPathComponent("config")
    try "# mine\n--token-file \(filed)\n".write(to: config, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
    XCTAssertEqual(
      try failure(server, [], environment: ["LOADER_TUI_CONFIG": config.path]),
      "The token from \(filed) (--token-file, \(config.path):2) \(rejected)")
  }

  func testA401WithoutATokenSaysHowToGiveOne() throws {
    XCTAssertEqual(
      try failure(try refusingServer(), []),
      "The server asks for a token (HTTP 401: Requires authentication); set GITHUB_TOKEN or use "
        + "--token-file PATH.")
  }

  func testARateLimitAdvisesATokenOnlyWhenNoneWasSent() throws {
    let reset = Int(Date().timeIntervalSince1970) + 7_200
    let server = HTTPServer { _ in
      .respond(
        HTTPResponse(
          status: 403,
          headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", String(reset))],
          body: Data(#"{"message":"API rate limit exceeded"}"#.utf8)))
    }
    try server.start()
    defer { server.stop() }
    let sent = try failure(server, [], environment: ["GITHUB_TOKEN": "ghp_FROMVARIABLE"])
    XCTAssertTrue(
      sent.hasPrefix("Rate limit of the token from GITHUB_TOKEN hit (HTTP 403); "), sent)
    XCTAssertFalse(sent.contains("set GITHUB_TOKEN"), sent)
    let none = try failure(server, [])
    XCTAssertTrue(none.hasPrefix("Rate limit hit (HTTP 403); it resets at "), none)
    XCTAssertTrue(
      none.hasSuffix("(local time). To raise it, set GITHUB_TOKEN or use --token-file PATH."), none)
  }
}
