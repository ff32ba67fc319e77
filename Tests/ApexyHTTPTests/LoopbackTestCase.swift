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
  func client(_ base: URL, deadline: TimeInterval = 30, sockets: Bool = false) -> URLSessionClient {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = deadline
    if sockets { configuration.protocolClasses = [PlainHTTPProtocol.self] }
    return URLSessionClient(
      baseURL: base, configuration: configuration, completionQueue: DispatchQueue(label: "loopback")
    )
  }
}
