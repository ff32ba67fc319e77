import XCTest

@testable import CurlTransport

/// libcurl's informational lines about HTTP/2, as 7.88 and 8.x write them, read into a stream
/// and a GOAWAY; what a connection received is kept for it alone.
final class HTTP2TextTests: XCTestCase {
  func testStreamsAndGoawaysAreReadAsLibcurlWritesThem() {
    XCTAssertEqual(HTTP2Text.stream(in: "Using Stream ID: 3 (easy handle 0x55d0)\n"), 3)
    XCTAssertEqual(HTTP2Text.stream(in: "[HTTP/2] [5] OPENED stream for https://a/b\n"), 5)
    XCTAssertNil(HTTP2Text.stream(in: "Connected to a (127.0.0.1) port 443 (#0)\n"))
    XCTAssertEqual(
      HTTP2Text.goaway(in: "recveived GOAWAY, error=0, last_stream=1\n"),
      HTTP2Goaway(error: 0, lastStream: 1))
    XCTAssertEqual(
      HTTP2Text.goaway(in: "received GOAWAY, error=2, last_stream=7\n"),
      HTTP2Goaway(error: 2, lastStream: 7))
    XCTAssertNil(HTTP2Text.goaway(in: "GOAWAY received\n"))
    XCTAssertTrue(HTTP2Text.refused("REFUSED_STREAM, retrying a fresh connect\n"))
    XCTAssertTrue(HTTP2Text.connected("Connected to a (127.0.0.1) port 443 (#0)\n"))
  }

  func testAGoawayIsKeptForItsConnectionUntilANewOneHasItsAddresses() {
    let goaways = CurlGoaways()
    let first = "127.0.0.1:40000>127.0.0.1:443"
    goaways.record(HTTP2Goaway(error: 0, lastStream: 1), on: first)
    XCTAssertEqual(goaways.goaway(on: first), HTTP2Goaway(error: 0, lastStream: 1))
    XCTAssertNil(goaways.goaway(on: "127.0.0.1:40001>127.0.0.1:443"))
    goaways.forget(first)
    XCTAssertNil(goaways.goaway(on: first))
    // Only the newest connections are kept.
    for port in 0..<100 { goaways.record(HTTP2Goaway(error: 0, lastStream: 1), on: "\(port)") }
    XCTAssertNil(goaways.goaway(on: "0"))
    XCTAssertNotNil(goaways.goaway(on: "99"))
  }
}
