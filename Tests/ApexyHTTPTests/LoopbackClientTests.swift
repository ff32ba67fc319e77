import ApexyHTTP
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client against a real HTTP server on 127.0.0.1: deadlines, redirects, uploads.
final class LoopbackClientTests: LoopbackTestCase {
  func testServerThatNeverAnswersTimesOutWithinTheDeadline() async throws {
    try await assertNeverAnsweringServerTimesOut()
  }

  func testSlowBodyTimesOutWithinTheDeadline() async throws {
    try await assertSlowBodyTimesOut()
  }

  func testRedirectToAnotherPortDropsAuthorization() async throws {
    try await assertRedirectToAnotherPortDropsAuthorization()
  }

  func testSameOriginRedirectKeepsAuthorization() async throws {
    try await assertSameOriginRedirectKeepsAuthorization()
  }

  func testDataAndFileUploadsSendTheirBodies() async throws {
    let bodies = Recorder<Data>()
    let server = try serve { request in
      bodies.append(request.body)
      return .respond(HTTPResponse(body: Data("got \(request.body.count)".utf8)))
    }
    let client = client(server.baseURL)
    let data = Data("payload-data".utf8)
    let first = try await client.upload(TextUploadEndpoint(body: .data(data)))
    XCTAssertEqual(first, "got 12")

    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("upload-\(UUID().uuidString).txt")
    try Data("payload-from-file".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let second = try await client.upload(TextUploadEndpoint(body: .file(file)))
    XCTAssertEqual(second, "got 17")
    XCTAssertEqual(bodies.values, [data, Data("payload-from-file".utf8)])
  }

  func testUploadCompletionFormDeliversContent() throws {
    let server = try serve { request in .respond(HTTPResponse(body: request.body)) }
    let done = expectation(description: "upload")
    let results = Recorder<APIResult<String>>()
    _ = client(server.baseURL).upload(TextUploadEndpoint(body: .data(Data("echo".utf8)))) {
      results.append($0)
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
    XCTAssertEqual(try results.values.first?.get(), "echo")
  }

  func testBodyOverTheLimitFailsWithTooLarge() async throws {
    try await assertTooLarge(size: 10_000)
  }

  func testAuthChallengeReachesTheEndpoint() async throws {
    try await assertChallengeReachesTheEndpoint()
  }

  func testCancellingWhileAnswersArriveIsSafe() async throws {
    try await assertCancellingWhileAnswersArrive()
  }
}

/// Answers every authentication challenge with one Basic credential.
private final class CredentialDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    completionHandler(
      .useCredential, URLCredential(user: "octo", password: "cat", persistence: .forSession))
  }
}

extension LoopbackClientTests {
  func testDelegateCredentialAnswersBasicAndOtherSchemesReachValidate() async throws {
    let server = try serve { request in
      if request.headers["authorization"] == "Basic b2N0bzpjYXQ=" {
        return .respond(HTTPResponse(body: Data("welcome".utf8)))
      }
      let scheme =
        request.path == "/greeting" ? "Basic realm=\"api\"" : "Digest realm=\"api\", nonce=\"1\""
      return .respond(
        HTTPResponse(status: 401, headers: [("WWW-Authenticate", scheme)], body: Data("no".utf8)))
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = 10
    let client = URLSessionClient(
      baseURL: server.baseURL, configuration: configuration, delegate: CredentialDelegate(),
      completionQueue: DispatchQueue(label: "credential"))
    let welcomed = try await client.request(StatusEndpoint())
    XCTAssertEqual(welcomed, "welcome")
    do {
      _ = try await client.request(TextEndpoint(path: "digest", failValidation: true))
      XCTFail("a Digest 401 must reach validate")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(name: "validate 401"))
    }
  }
}
