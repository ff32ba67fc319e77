import ApexyHTTP
import Foundation
import XCTest

final class HTTPBodyTests: XCTestCase {
  func testEachBodyKindCarriesItsContentType() {
    let bytes = Data([1, 2, 3])
    XCTAssertEqual(HTTPBody.json(bytes).contentType, "application/json")
    XCTAssertEqual(HTTPBody.form(bytes).contentType, "application/x-www-form-urlencoded")
    XCTAssertEqual(HTTPBody.text(bytes).contentType, "text/plain")
    XCTAssertEqual(HTTPBody.binary(bytes).contentType, "application/octet-stream")
    XCTAssertEqual(HTTPBody.json(bytes).data, bytes)
  }

  func testStringBodyIsUTF8PlainText() {
    let body = HTTPBody.string("héllo")
    XCTAssertEqual(body.contentType, "text/plain")
    XCTAssertEqual(body.data, Data("héllo".utf8))
  }

  func testCustomBodyKeepsWhatItWasGiven() {
    let body = HTTPBody(data: Data("x".utf8), contentType: "image/png")
    XCTAssertEqual(body.contentType, "image/png")
    XCTAssertEqual(body.data, Data("x".utf8))
  }
}

extension HTTPBodyTests {
  func testEmptyBodiesKeepTheirContentTypes() {
    XCTAssertEqual(HTTPBody.json(Data()).data, Data())
    XCTAssertEqual(HTTPBody.form(Data()).contentType, "application/x-www-form-urlencoded")
    XCTAssertEqual(HTTPBody.binary(Data()).data, Data())
    XCTAssertEqual(HTTPBody.string("").data, Data())
    XCTAssertEqual(HTTPBody.text(Data()).contentType, "text/plain")
  }
}
