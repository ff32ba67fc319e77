import Foundation
import XCTest

@testable import CurlTransport

/// How `ResponseBodyReader` finds a plain-HTTP body's end, whatever pieces it arrives in.
final class ResponseBodyReaderTests: XCTestCase {
  private let chunked = Array(
    ("4;ext=\"a b\"\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\n"
      + "NEXT").utf8)

  func testAChunkedBodySplitAnywhereReadsTheSameAndLeavesWhatFollows() {
    for cut in 0...chunked.count {
      var reader = ResponseBodyReader(framing: .chunked)
      var body = Data()
      var last = ResponseBodyReader.Progress.needsMore
      for piece in [chunked[..<cut], chunked[cut...]] where !piece.isEmpty {
        last = Array(piece).withUnsafeBytes { reader.consume($0, into: &body) }
      }
      XCTAssertEqual(String(decoding: body, as: UTF8.self), "Wikipedia in\r\n\r\nchunks.", "\(cut)")
      XCTAssertEqual(
        last, .complete(unused: cut == chunked.count ? 4 : min(4, chunked.count - cut)), "\(cut)")
      XCTAssertTrue(reader.isComplete)
    }
  }

  func testBrokenChunkSizesAreMalformed() {
    for text in ["zz\r\n", "\r\n", ";x\r\n", "4\r\nWikiX\r\n", "1234567890abcdef0\r\n"] {
      var reader = ResponseBodyReader(framing: .chunked)
      var body = Data()
      let progress = Array(text.utf8).withUnsafeBytes { reader.consume($0, into: &body) }
      XCTAssertEqual(progress, .malformed, text)
    }
  }

  func testALengthEndsTheBodyAndAnEmptyOneIsCompleteAtOnce() {
    var reader = ResponseBodyReader(framing: .length(5))
    var body = Data()
    XCTAssertEqual(
      Array("hel".utf8).withUnsafeBytes { reader.consume($0, into: &body) }, .needsMore)
    XCTAssertEqual(
      Array("lo, more".utf8).withUnsafeBytes { reader.consume($0, into: &body) },
      .complete(unused: 6))
    XCTAssertEqual(String(decoding: body, as: UTF8.self), "hello")
    XCTAssertTrue(ResponseBodyReader(framing: .length(0)).isComplete)
    XCTAssertTrue(ResponseBodyReader(framing: .none).isComplete)
    XCTAssertFalse(ResponseBodyReader(framing: .untilClose).isComplete)
  }

  func testTheHeadSaysHowTheBodyEnds() {
    func framing(_ status: Int, _ fields: [(String, String)], method: String = "GET")
      -> ResponseBodyReader.Framing?
    {
      ResponseBodyReader.framing(
        of: ResponseHead(
          version: "HTTP/1.1", status: status, fields: fields.map { (name: $0.0, value: $0.1) }),
        method: method)
    }
    XCTAssertEqual(
      framing(200, [("Content-Length", "12")], method: "HEAD"), ResponseBodyReader.Framing.none)
    XCTAssertEqual(framing(304, [("Content-Length", "12")]), ResponseBodyReader.Framing.none)
    XCTAssertEqual(framing(204, []), ResponseBodyReader.Framing.none)
    XCTAssertEqual(framing(200, [("content-length", "12")]), .length(12))
    XCTAssertEqual(framing(200, [("Content-Length", "7, 7")]), .length(7))
    XCTAssertNil(framing(200, [("Content-Length", "7, 8")]))
    XCTAssertNil(framing(200, [("Content-Length", "-1")]))
    XCTAssertNil(framing(200, [("Content-Length", "")]))
    XCTAssertEqual(
      framing(200, [("Transfer-Encoding", "gzip, Chunked"), ("Content-Length", "3")]), .chunked)
    XCTAssertEqual(framing(200, [("Transfer-Encoding", "gzip")]), .untilClose)
    XCTAssertEqual(framing(200, []), .untilClose)
  }
}
