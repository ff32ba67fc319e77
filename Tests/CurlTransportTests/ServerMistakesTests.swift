import ApexyHTTP
import CurlTransport
import Foundation
import LoopbackHTTP
import LoopbackTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Plain `http://` over libcurl, as the loopback tests and the built-in server speak it: what
/// a request sends, what the transport makes of answers a server gets wrong, and when it keeps
/// a connection.
final class ServerMistakesTests: TransportTestCase {
  func testARequestAsksForCompressedBodiesAndNamesItsHost() async throws {
    let seen = Recorder<[String: String]>()
    let server = try serve { request in
      seen.append(request.headers)
      return .respond(HTTPResponse(body: Data("ok".utf8)))
    }
    let answer = try await client().request(AnswerEndpoint(url: server.baseURL))
    XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "ok")
    let headers = try XCTUnwrap(seen.values.first)
    XCTAssertTrue(
      headers["accept-encoding"]?.contains("gzip") ?? false, "\(headers)")
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

  func testAnswersThatAreNotHTTPAreBadServerResponsesAtOnce() async throws {
    let cases = [
      "garbage\r\n\r\n",
      "HTTP/1.1 abc OK\r\n\r\n",
      "HTTP/1.1 2000 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n0123456789",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "a", count: 310_000))\r\n\r\n",
      "",
    ]
    let started = Date()
    for answer in cases {
      let responder = try RawResponder(answer)
      let error = await failure(client(), responder.url)
      XCTAssertNotNil(error, answer)
      XCTAssertTrue(
        [.badServerResponse, .networkConnectionLost].contains(error?.code),
        "\(answer.prefix(60)): \(String(describing: error))")
      XCTAssertTrue(
        error?.failureDetail.contains("127.0.0.1:\(responder.port)") ?? false,
        error?.failureDetail ?? "")
    }
    // None waits for the 10 s deadline: what is wrong is seen in the bytes that came.
    XCTAssertLessThan(Date().timeIntervalSince(started), 9)
  }

  func testAResetAfterPartOfABodyIsALostConnectionNotAnAnswer() async throws {
    let responder = try RawResponder("HTTP/1.0 200 OK\r\n\r\nhello", reset: true)
    let error = await failure(client(), responder.url)
    XCTAssertEqual(error?.code, .networkConnectionLost, String(describing: error))
  }

  func testAHeadWithItsBodyInOneReadAndRepeatedCodingsAreRead() async throws {
    let big = String(repeating: "b", count: 40_000)
    let cases = [
      "HTTP/1.1 200 OK\r\nX-Big: \(big)\r\nContent-Length: 11\r\n\r\nhello world",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
    ]
    for raw in cases {
      let responder = try RawResponder(raw)
      let answer = try await client().request(AnswerEndpoint(url: responder.url))
      XCTAssertEqual(
        String(decoding: answer.body, as: UTF8.self), "hello world", String(raw.prefix(40)))
    }
  }

  func testAnAnswerBeforeTheWholeUploadIsTheResponse() async throws {
    // The server reads the head only, answers 413 and closes, as a server refusing a body does.
    let responder = try RawResponder(
      "HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
    var request = URLRequest(url: responder.url)
    request.httpMethod = "POST"
    request.httpBody = Data(repeating: 1, count: 16 << 20)
    let answer = try await client().request(RequestEndpoint(request: request))
    XCTAssertEqual(answer.status, 413)
  }

  /// Trailer fields after the last chunk are what Foundation's own transport on Linux cannot
  /// take: it reads them as a second head, loses the response and stops the process ("Transfer
  /// completed, but there's no response", swift-corelibs-foundation, Swift 6.3). libcurl reads
  /// the body and ignores them.
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

  func testAProxyInTheEnvironmentIsUsed() async throws {
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

/// Sends a request as it is and returns the whole answer, whatever its status.
private struct RequestEndpoint: Endpoint {
  let request: URLRequest

  func makeRequest() throws -> URLRequest { request }

  func content(from response: URLResponse?, with body: Data) throws -> Answer {
    try AnswerEndpoint(url: request.url!).content(from: response, with: body)
  }
}

/// A loopback server that answers every connection with the same bytes, then closes it.
private final class RawResponder: Sendable {
  let port: UInt16
  private let listener: Int32

  var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

  init(_ answer: String, reset: Bool = false) throws {
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
        // The request's head (a body after it is left unread), then the answer, then the end
        // of the stream.
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
          let count = recv(connection, &buffer, buffer.count, 0)
          guard count > 0 else { break }
          head += buffer[0..<count]
        }
        _ = bytes.withUnsafeBytes {
          send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if reset {
          // Linger 0: the close sends a reset instead of the end of the stream.
          var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
          _ = setsockopt(
            connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        } else {
          // The end of the stream, then what is left of the body read and dropped until the
          // client closes (or sends nothing for 2 s): a close with the body unread resets the
          // connection, and the reset could reach the client before the answer it follows.
          shutdown(connection, Int32(SHUT_WR))
          var wait = timeval(tv_sec: 2, tv_usec: 0)
          setsockopt(
            connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
          while recv(connection, &buffer, buffer.count, 0) > 0 {}
        }
        close(connection)
      }
    }
  }

  deinit { shutdown(listener, Int32(SHUT_RDWR)) }
}
