import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI

extension XCTestCase {
  /// A cache store in a directory of its own, named after `prefix`, removed after the test.
  func temporaryStore(_ prefix: String) -> FileCacheStore {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID())")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return FileCacheStore(directory: directory)
  }

  /// The built-in server answering at once, stopped after the test, and its address.
  func serveBuiltIn() throws -> (DemoServer, URL) {
    let server = DemoServer(options: .init(organizationLatency: 0, repositoriesLatency: 0))
    let url = try server.start()
    addTeardownBlock { server.stop() }
    return (server, url)
  }
}
