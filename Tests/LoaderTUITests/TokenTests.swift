import ApexyLoader
import Foundation
import LoopbackHTTP
import XCTest

@testable import AppCommandLine
@testable import AppModel
@testable import AppRuntime
@testable import DemoAPI
@testable import GitHubAPI
@testable import LoaderTUI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The token goes where it belongs and nowhere else.
final class TokenTests: XCTestCase {
  private let token = "ghp_SECRET0123456789"

  /// A server that answers 401 and echoes the Authorization header it got in its message.
  private func echoingServer() throws -> HTTPServer {
    let server = HTTPServer { request in
      let echoed = request.headers["authorization"] ?? "none"
      let body = #"{"message":"Bad credentials: \#(echoed)"}"#
      return .respond(HTTPResponse(status: 401, body: Data(body.utf8)))
    }
    try server.start()
    addTeardownBlock { server.stop() }
    return server
  }

  func testTokenNeverAppearsInAnyOutputEvenWhenTheServerEchoesIt() throws {
    let server = try echoingServer()
    for format in [[], ["--json"]] {
      let run = try BinaryRun.run(
        ["--headless", "--base-url", server.baseURL.absoluteString] + format,
        environment: ["GITHUB_TOKEN": token])
      XCTAssertEqual(run.status, 1)
      XCTAssertFalse(run.stdout.contains(token), run.stdout)
      XCTAssertFalse(run.stderr.contains(token), run.stderr)
      XCTAssertTrue(run.stderr.contains("Bad credentials: Bearer <token>"), run.stderr)
    }
  }

  func testTokenFileIsReadAndNeverPrinted() throws {
    let server = try echoingServer()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID())")
    try Data("\(token)\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try BinaryRun.run([
      "--headless", "--base-url", server.baseURL.absoluteString, "--token-file", file.path,
    ])
    XCTAssertTrue(run.stderr.contains("Bearer <token>"), "the file's token was sent: \(run.stderr)")
    XCTAssertFalse(run.stdout.contains(token) || run.stderr.contains(token))
  }

  func testMissingTokenFileIsAUsageError() throws {
    let run = try BinaryRun.run(["--token-file", "/nonexistent/token", "--headless"])
    run.assertEnded(
      with: 2,
      stderr:
        "loader-tui: Cannot read the token file /nonexistent/token; check the path and its permissions.\n"
    )
  }

  /// As `--help` says, `--token-file` is read instead of `GITHUB_TOKEN`: the server sees the
  /// file's token only.
  func testTokenFileIsSentInsteadOfTheEnvironmentToken() throws {
    XCTAssertEqual(
      FlagTable.flag(named: "--token-file")?.help,
      "read the token from PATH instead of $GITHUB_TOKEN")
    let received = ReceivedHeaders()
    let server = HTTPServer { request in
      received.append(request.headers["authorization"] ?? "none")
      return .respond(HTTPResponse(status: 401, body: Data(#"{"message":"Bad credentials"}"#.utf8)))
    }
    try server.start()
    defer { server.stop() }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID())")
    try Data("ghp_FROMFILE\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try BinaryRun.run(
      ["--headless", "--base-url", server.baseURL.absoluteString, "--token-file", file.path],
      environment: ["GITHUB_TOKEN": token])
    XCTAssertEqual(run.status, 1)
    XCTAssertFalse(received.values.isEmpty)
    XCTAssertEqual(Set(received.values), ["Bearer ghp_FROMFILE"])
  }

  @MainActor
  func testCrossOriginRedirectArrivesWithoutAuthorization() async throws {
    var options = DemoServer.Options().withoutDelays
    options.failureMode = .crossOrigin
    options.failingRoutes = [.organization]
    let server = DemoServer(options: options)
    let url = try server.start()
    defer { server.stop() }
    let configuration = GitHubConfiguration(
      baseURL: url, owner: "RedMadRobot", ownerKind: .organization, token: token)
    let loaders = GitHubLoaders(
      client: configuration.makeClient(userAgent: AppInfo.userAgent), configuration: configuration)
    let owner = loaders.owner("RedMadRobot", kind: .organization).owner
    owner.load()
    for await state in owner.states where !state.isLoading {
      if case .initial = state { continue }
      break
    }
    XCTAssertEqual(owner.state.content?.displayName, "Red Mad Robot")
    let first = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(first.headers["authorization"], "Bearer \(token)", "sent to its own origin")
    let moved = server.otherOriginRequests
    XCTAssertEqual(moved.count, 1)
    XCTAssertNil(moved.first?.headers["authorization"], "dropped on the way to another origin")
  }

  func testPaginationLinksToAnotherOriginGetNoToken() throws {
    let adapter = GitHubRequestAdapter(
      baseURL: URL(string: "https://api.github.com")!, token: token,
      userAgent: AppInfo.userAgent)
    let own = try adapter.adapt(URLRequest(url: URL(string: "orgs/x/repos?page=2")!))
    XCTAssertEqual(own.value(forHTTPHeaderField: "Authorization"), "Bearer \(token)")
    let other = try adapter.adapt(
      URLRequest(url: URL(string: "https://evil.example/orgs/x/repos")!))
    XCTAssertNil(other.value(forHTTPHeaderField: "Authorization"))
    XCTAssertEqual(other.value(forHTTPHeaderField: "User-Agent"), "loader-tui/\(AppInfo.version)")
  }
}

/// Header values a test server received, from any thread.
private final class ReceivedHeaders: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ value: String) { lock.withLock { stored.append(value) } }
  var values: [String] { lock.withLock { stored } }
}
