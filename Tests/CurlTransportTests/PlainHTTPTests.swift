import ApexyHTTP
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Plain `http://` over the transport's own HTTP/1.1 client (`PlainHTTPEngine`): what it
/// sends, what it makes of answers a server gets wrong, and when it keeps a connection.
final class PlainHTTPTests: TransportTestCase {
  func testARequestAsksForNoCodingAndNamesItsHost() async throws {
    let seen = Recorder<[String: String]>()
    let server = try serve { request in
      seen.append(request.headers)
      return .respond(HTTPResponse(body: Data("ok".utf8)))
    }
    let answer = try await client().request(AnswerEndpoint(url: server.baseURL))
    XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "ok")
    let headers = try XCTUnwrap(seen.values.first)
    XCTAssertNil(headers["accept-encoding"], "an identity body needs no decoder")
    XCTAssertEqual(headers["host"], "127.0.0.1:\(server.port)")
    XCTAssertEqual(headers["accept"], "*/*")
  }

  func testAConnectionTheServerClosedIsReplacedWithoutAnError() async throws {
    let server = try serve { request in
      // Answers, then closes: the kept connection is dead when the next request takes it.
      .respond(HTTPResponse(headers: [("Connection", "close")], body: Data(request.path.utf8)))
    }
    let client = client()
    for path in ["/one", "/two", "/three"] {
      let answer = try await client.request(
        AnswerEndpoint(url: URL(string: server.baseURL.absoluteString + path)!))
      XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), path)
    }
    XCTAssertEqual(server.acceptedConnections, 3)
  }

  func testABodyCutShortIsALostConnection() async throws {
    let server = try serve { _ in
      .respond(HTTPResponse(body: Data(repeating: 7, count: 10_000), cutAfter: 4_000))
    }
    let error = await failure(client(), server.baseURL)
    XCTAssertEqual(error?.code, .networkConnectionLost)
  }

  func testAnswersThatAreNotHTTPAreBadServerResponses() async throws {
    let cases = [
      "garbage\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n0123456789",
      "HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n012345",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "",
    ]
    for answer in cases {
      let responder = try RawResponder(answer)
      let error = await failure(client(), responder.url)
      XCTAssertNotNil(error, answer)
      XCTAssertTrue(
        [.badServerResponse, .networkConnectionLost].contains(error?.code),
        "\(answer): \(String(describing: error))")
      XCTAssertTrue(
        error?.localizedDescription.contains("127.0.0.1:\(responder.port)") ?? false,
        error?.localizedDescription ?? "")
    }
  }

  func testChunksWithExtensionsAndTrailersAndAnEndAtClose() async throws {
    let chunked =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "5;name=value\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nX-Trailer: yes\r\n\r\n"
    let untilClose = "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhello world"
    for raw in [chunked, untilClose] {
      let responder = try RawResponder(raw)
      let answer = try await client().request(AnswerEndpoint(url: responder.url))
      XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "hello world", raw)
    }
  }

  func testAProxyInTheEnvironmentSendsThroughLibcurl() async throws {
    let proxied = Recorder<String>()
    let proxy = try serve { request in
      proxied.append(request.path)
      return .respond(HTTPResponse(body: Data("through the proxy".utf8)))
    }
    setenv("http_proxy", "http://127.0.0.1:\(proxy.port)", 1)
    defer { unsetenv("http_proxy") }
    let answer = try await client().request(
      AnswerEndpoint(url: URL(string: "http://example.invalid/repos")!))
    XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "through the proxy")
    XCTAssertEqual(proxied.values.count, 1)
  }
}

/// A loopback server that answers every connection with the same bytes, then closes it.
private final class RawResponder: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32

  var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

  init(_ answer: String) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    listener = fd
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(fd, $0, &length)
      }
    }
    port = UInt16(bigEndian: address.sin_port)
    let bytes = Array(answer.utf8)
    Thread.detachNewThread {
      while true {
        let connection = accept(fd, nil, nil)
        // Shut down by deinit: the listener is closed here, where nothing uses it any more.
        guard connection >= 0 else {
          close(fd)
          return
        }
        // The request's head, then the answer, then the end of the stream.
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
          let count = recv(connection, &buffer, buffer.count, 0)
          guard count > 0 else { break }
          head += buffer[0..<count]
        }
        _ = bytes.withUnsafeBytes {
          send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        close(connection)
      }
    }
  }

  deinit { shutdown(listener, Int32(SHUT_RDWR)) }
}
