import Foundation
import LoopbackHTTP
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Stopping a loopback server (as every test's teardown and `serve-demo`'s end do) never
/// touches the sockets of a server started after it.
final class HTTPServerStopTests: XCTestCase {
  /// A server stopped while its accept thread is between two accepts (it has just taken a
  /// connection) used to close its listener under that thread: the next server's listener got
  /// the same number, and the old thread took that server's first connection and dropped it.
  func testTheNextServerAnswersWhenOneIsStoppedRightAfterAccepting() throws {
    var dropped: [Int] = []
    for round in 0..<300 {
      let first = HTTPServer { _ in .respond(HTTPResponse(body: Data("first".utf8))) }
      let held = try Self.connect(to: first.start())
      first.stop()
      let second = HTTPServer { _ in .respond(HTTPResponse(body: Data("second".utf8))) }
      let answer = try Self.get(port: second.start())
      second.stop()
      close(held)
      if !answer.hasSuffix("\r\n\r\nsecond") { dropped.append(round) }
    }
    XCTAssertEqual(dropped, [], "rounds whose request to the new server got no answer")
  }

  func testStopClosesConnectionsAndTheListener() throws {
    let server = HTTPServer { _ in .respond(HTTPResponse(body: Data("ok".utf8))) }
    let port = try server.start()
    // A connection kept alive after its answer, as libcurl keeps one.
    let idle = try Self.connect(to: port)
    defer { close(idle) }
    try Self.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", on: idle)
    var answer = ""
    while !answer.hasSuffix("\r\n\r\nok") {
      let piece = Self.receive(on: idle)
      guard !piece.isEmpty else { break }
      answer += piece
    }
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), answer)
    server.stop()
    // The idle connection is shut down (end of stream), and nothing accepts any more.
    XCTAssertEqual(Self.receive(on: idle), "")
    XCTAssertThrowsError(try Self.connect(to: port))
    // A stopped server says so rather than listening where nothing accepts.
    XCTAssertThrowsError(try server.start())
  }

  private struct SocketError: Error {
    let call: String
  }

  /// A TCP connection to 127.0.0.1:`port`, whose reads give up after 5 s.
  static func connect(to port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw SocketError(call: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw SocketError(call: "connect")
    }
    // A server that no longer ends its connections fails the test instead of hanging it.
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  /// `GET /` on a new connection with `Connection: close`; everything read until the server
  /// closes it (empty when the connection was dropped unanswered).
  private static func get(port: UInt16) throws -> String {
    let fd = try connect(to: port)
    defer { close(fd) }
    try send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", on: fd)
    var received = ""
    while true {
      let piece = receive(on: fd)
      if piece.isEmpty { return received }
      received += piece
    }
  }

  static func send(_ text: String, on fd: Int32) throws {
    let bytes = Array(text.utf8)
    guard Glibc.send(fd, bytes, bytes.count, 0) == bytes.count else {
      throw SocketError(call: "send")
    }
  }

  /// What one `recv` reads; empty at the end of the stream or on an error.
  static func receive(on fd: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = recv(fd, &buffer, buffer.count, 0)
    return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
  }
}
