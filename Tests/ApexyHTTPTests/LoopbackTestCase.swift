import ApexyHTTP
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A test case that starts HTTP servers on 127.0.0.1 and stops them after each test.
class LoopbackTestCase: XCTestCase {
  private var servers: [HTTPServer] = []

  override func tearDown() {
    servers.forEach { $0.stop() }
    servers = []
    super.tearDown()
  }

  /// Starts a server answering with `handler`.
  func serve(_ handler: @escaping HTTPServer.Handler) throws -> HTTPServer {
    let server = HTTPServer(handler: handler)
    try server.start()
    servers.append(server)
    return server
  }

  /// A client for `base` with an overall deadline, optionally sending http:// over sockets.
  func client(
    _ base: URL, deadline: TimeInterval = 30, sockets: Bool = false, limit: Int? = nil
  ) -> URLSessionClient {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = deadline
    if sockets { configuration.protocolClasses = [PlainHTTPProtocol.self] }
    return URLSessionClient(
      baseURL: base, configuration: configuration,
      completionQueue: DispatchQueue(label: "loopback"),
      maximumResponseSize: limit)
  }

  /// A body of `size` bytes against a limit of 1,000 fails with `ResponseTooLargeError`.
  func assertTooLarge(size: Int, sockets: Bool, file: StaticString = #filePath, line: UInt = #line)
    async throws
  {
    let server = try serve { _ in .respond(HTTPResponse(body: Data(repeating: 1, count: size))) }
    do {
      _ = try await client(server.baseURL, sockets: sockets, limit: 1_000).request(TextEndpoint())
      XCTFail("must fail", file: file, line: line)
    } catch {
      XCTAssertEqual(
        error as? ResponseTooLargeError, ResponseTooLargeError(limit: 1_000), file: file, line: line
      )
    }
  }
}
