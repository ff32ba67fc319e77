import Foundation
import LoopbackHTTP
import XCTest

/// A test case that starts HTTP servers on 127.0.0.1 and stops each after the test: the base
/// of the libraries' and the transport's loopback tests.
open class LoopbackServerTestCase: XCTestCase {
  private var servers: [HTTPServer] = []

  override open func tearDown() {
    servers.forEach { $0.stop() }
    servers = []
    super.tearDown()
  }

  /// Starts a server answering with `handler`, stopped after the test.
  ///
  /// - Parameter handler: What the server answers each request with.
  /// - Returns: The running server.
  /// - Throws: What `HTTPServer.start()` throws when it cannot listen.
  public func serve(_ handler: @escaping HTTPServer.Handler) throws -> HTTPServer {
    let server = HTTPServer(handler: handler)
    try server.start()
    servers.append(server)
    return server
  }
}

extension URLError {
  /// What the library says beyond Apple's sentence (the host, libcurl's words, the seconds):
  /// the failure reason, which `print(error)` shows on Linux.
  public var failureDetail: String { (self as NSError).localizedFailureReason ?? "" }
}
