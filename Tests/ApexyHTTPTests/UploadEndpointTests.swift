import ApexyHTTP
import ApexyHTTPTesting
import XCTest

/// Uploads data and fails validation of any non-2xx response.
private struct CheckedUploadEndpoint: UploadEndpoint {
  func makeRequest() throws -> (URLRequest, UploadEndpointBody) {
    var request = URLRequest(url: URL(string: "upload")!)
    request.httpMethod = "PUT"
    return (request, .data(Data("x".utf8)))
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if response.statusCode >= 300 { throw TestError(name: "upload \(response.statusCode)") }
  }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    String(decoding: body, as: UTF8.self)
  }
}

final class UploadEndpointTests: XCTestCase {
  private let stub = StubTransport()

  private func makeClient() -> URLSessionClient {
    URLSessionClient(
      baseURL: stub.baseURL, configuration: stub.configuration(),
      completionQueue: DispatchQueue(label: "upload-tests"))
  }

  /// Differs from Apexy, whose `UploadEndpoint` has no `validate` and whose uploads are never
  /// validated: here an upload's response is validated as a request's is.
  func testUploadResponsesAreValidated() async {
    stub.answer { _ in .text("quota exceeded", status: 413) }
    do {
      _ = try await makeClient().upload(CheckedUploadEndpoint())
      XCTFail("a 413 must fail validation")
    } catch {
      XCTAssertEqual(error as? TestError, TestError(name: "upload 413"))
    }
  }

  func testLibraryErrorsReadAsSentences() {
    XCTAssertEqual(
      UploadError.streamNotSupported.localizedDescription,
      "Uploading from an InputStream is not supported on Linux; use .data or .file instead.")
    XCTAssertEqual(
      ResponseTooLargeError(limit: 10).localizedDescription,
      "The response was larger than the limit of 10 bytes and was not read.")
  }
}
