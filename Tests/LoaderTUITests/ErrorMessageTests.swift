import Foundation
import XCTest

@testable import LoaderTUI

/// Transport errors read as one line that says what to check.
final class ErrorMessageTests: XCTestCase {
  private func line(_ code: URLError.Code) -> String {
    ErrorMessage.line(for: URLError(code), host: "api.github.com", timeout: 15)
  }

  func testEachTransportErrorSaysWhatToCheck() {
    XCTAssertEqual(
      line(.cannotFindHost),
      "Cannot find api.github.com: check the address and the network connection.")
    XCTAssertEqual(line(.dnsLookupFailed), line(.cannotFindHost))
    XCTAssertEqual(
      line(.cannotConnectToHost), "Cannot connect to api.github.com: is the server running?")
    XCTAssertEqual(line(.timedOut), "Timed out after 15 s waiting for api.github.com.")
    XCTAssertEqual(line(.notConnectedToInternet), "No network connection.")
    XCTAssertEqual(
      line(.secureConnectionFailed), "The TLS connection to api.github.com failed.")
    XCTAssertEqual(
      line(.serverCertificateHasUnknownRoot),
      "The certificate of api.github.com is not from an authority this machine trusts"
        + " (SSL_CERT_FILE names more).")
    XCTAssertEqual(
      line(.serverCertificateUntrusted),
      "The certificate of api.github.com is for another name, or its key is not the pinned one.")
    XCTAssertEqual(
      line(.serverCertificateHasBadDate),
      "The certificate of api.github.com has expired or is not valid yet.")
  }
}
