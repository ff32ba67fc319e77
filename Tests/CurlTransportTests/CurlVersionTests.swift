import CurlTransport
import Foundation
import XCTest

/// What `loader-tui --version` prints of libcurl comes from `CurlVersion.current`.
final class CurlVersionTests: XCTestCase {
  func testTheRunningLibcurlNamesItsVersionAndItsTLSLibrary() throws {
    let curl = try XCTUnwrap(CurlVersion.current, "libcurl is loaded in the tests")
    XCTAssertNotNil(
      curl.version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression), curl.version)
    let tls = try XCTUnwrap(curl.tls, "HTTPS needs a TLS library")
    XCTAssertNotNil(tls.range(of: #"^[A-Za-z]+/\d"#, options: .regularExpression), tls)
  }
}
