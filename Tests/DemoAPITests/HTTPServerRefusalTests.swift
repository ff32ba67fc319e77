import Foundation
import LoopbackHTTP
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes that are not an HTTP request get a 400 and the end of the connection at once, as
/// real servers answer them: a client that sent a TLS handshake to this plain server learns
/// that it does not speak TLS instead of waiting for its timeout.
final class HTTPServerRefusalTests: XCTestCase {
  func testATLSHelloAndGarbageGetA400AndTheEndOfTheConnectionAtOnce() throws {
    let server = HTTPServer { _ in .respond(HTTPResponse(body: Data("ok".utf8))) }
    let port = try server.start()
    defer { server.stop() }
    // The first bytes of a TLS ClientHello (a handshake record, TLS 1.0 framing), lower-case
    // text, a request line without a version, and a head with no end in its first 64 KiB.
    let openings: [[UInt8]] = [
      [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03],
      Array("hello there\r\n\r\n".utf8),
      Array("GET /\r\n\r\n".utf8),
      Array(("GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 70_000)).utf8),
    ]
    for opening in openings {
      let started = Date()
      let fd = try HTTPServerStopTests.connect(to: port)
      defer { close(fd) }
      _ = Glibc.send(fd, opening, opening.count, Int32(MSG_NOSIGNAL))
      var answer = ""
      while true {
        let piece = HTTPServerStopTests.receive(on: fd)
        if piece.isEmpty { break }
        answer += piece
      }
      let label = String(decoding: opening.prefix(12), as: UTF8.self)
      XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(label): \(answer)")
      XCTAssertTrue(answer.contains("Connection: close"), label)
      XCTAssertLessThan(Date().timeIntervalSince(started), 1, label)
    }
    // And it still answers HTTP.
    let fd = try HTTPServerStopTests.connect(to: port)
    defer { close(fd) }
    try HTTPServerStopTests.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", on: fd)
    XCTAssertTrue(HTTPServerStopTests.receive(on: fd).hasPrefix("HTTP/1.1 200 OK"))
  }
}
