import Foundation
import Locking
import LoopbackHTTP

/// The library's API on 127.0.0.1, under `/api/v1/`: the books (the first request answered
/// `503`, to show the loader's retry) and the author.
final class BookServer: Sendable {
  private let server: HTTPServer

  init() {
    let booksRequests = Locked(0)
    server = HTTPServer { request in
      switch request.path {
      case "/api/v1/books":
        let count = booksRequests.withLock { count in
          count += 1
          return count
        }
        if count == 1 { return .respond(HTTPResponse(status: 503)) }
        return .respond(Self.json(#"[{"id":1,"title":"Dune"},{"id":2,"title":"Dune Messiah"}]"#))
      case "/api/v1/author":
        return .respond(Self.json(#"{"name":"Frank Herbert"}"#))
      default:
        return .respond(HTTPResponse(status: 404))
      }
    }
  }

  /// Starts the server; returns the API root, with its trailing slash.
  func start() throws -> URL {
    _ = try server.start()
    return server.baseURL.appendingPathComponent("api/v1/", isDirectory: true)
  }

  private static func json(_ text: String) -> HTTPResponse {
    HTTPResponse(headers: [("Content-Type", "application/json")], body: Data(text.utf8))
  }
}
