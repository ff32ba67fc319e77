// This file imports only ApexyHTTP (and XCTest): on Linux it builds only if ApexyHTTP brings
// Foundation and FoundationNetworking with it, as `import Apexy` does on Apple platforms.
import ApexyHTTP
import XCTest

final class ImportTests: XCTestCase {
  func testImportingApexyHTTPAloneBringsURLSessionAndFoundation() {
    let configuration = URLSessionConfiguration.ephemeral
    let request = URLRequest(url: URL(string: "https://booklibrary.com/books")!)
    let response = HTTPURLResponse(
      url: request.url!, statusCode: 204, httpVersion: nil, headerFields: nil)
    let decoded = try? JSONDecoder().decode([Int].self, from: Data("[1]".utf8))
    XCTAssertNotNil(configuration.protocolClasses)
    XCTAssertEqual(response?.statusCode, 204)
    XCTAssertEqual(decoded, [1])
  }
}
