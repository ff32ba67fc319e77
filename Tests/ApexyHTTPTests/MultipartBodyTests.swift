import ApexyHTTP
import XCTest

final class MultipartBodyTests: XCTestCase {
  func testFieldsAndFilesAreFramedByteForByte() {
    let body = HTTPBody.multipart(
      [
        .field("title", "Dune"),
        .file("cover", filename: "dune.png", contentType: "image/png", data: Data([0, 1, 2])),
        .file("notes", filename: "notes.bin", data: Data("x".utf8)),
      ], boundary: "XyZ")
    let expected =
      "--XyZ\r\n"
      + "Content-Disposition: form-data; name=\"title\"\r\n"
      + "\r\n"
      + "Dune\r\n"
      + "--XyZ\r\n"
      + "Content-Disposition: form-data; name=\"cover\"; filename=\"dune.png\"\r\n"
      + "Content-Type: image/png\r\n"
      + "\r\n"
    var bytes = Data(expected.utf8)
    bytes.append(Data([0, 1, 2]))
    bytes.append(
      Data(
        ("\r\n--XyZ\r\n"
          + "Content-Disposition: form-data; name=\"notes\"; filename=\"notes.bin\"\r\n"
          + "Content-Type: application/octet-stream\r\n"
          + "\r\n"
          + "x\r\n"
          + "--XyZ--\r\n").utf8))
    XCTAssertEqual(body.data, bytes)
    XCTAssertEqual(body.contentType, "multipart/form-data; boundary=XyZ")
  }

  func testEmptyFormIsOnlyTheClosingBoundary() {
    let body = HTTPBody.multipart([], boundary: "b")
    XCTAssertEqual(String(decoding: body.data, as: UTF8.self), "--b--\r\n")
  }

  func testQuotesAndLineBreaksInNamesCannotBreakTheHeader() {
    let body = HTTPBody.multipart(
      [.file("a\"b", filename: "evil\r\nX-Injected: 1.txt", data: Data())], boundary: "b")
    let text = String(decoding: body.data, as: UTF8.self)
    XCTAssertTrue(
      text.contains(
        "Content-Disposition: form-data; name=\"a%22b\"; filename=\"evil%0D%0AX-Injected: 1.txt\""
      ), text)
    XCTAssertFalse(text.contains("\r\nX-Injected"))
  }

  func testDefaultBoundaryIsInTheContentTypeAndNotInTheParts() throws {
    let body = HTTPBody.multipart([.field("q", "--"), .field("r", "s")])
    let prefix = "multipart/form-data; boundary="
    XCTAssertTrue(body.contentType.hasPrefix(prefix))
    let boundary = String(body.contentType.dropFirst(prefix.count))
    XCTAssertGreaterThan(boundary.count, 16)
    let text = String(decoding: body.data, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("--\(boundary)\r\n"))
    XCTAssertTrue(text.hasSuffix("\r\n--\(boundary)--\r\n"))
    XCTAssertEqual(text.components(separatedBy: "--\(boundary)").count, 4, "two parts, one end")
  }

  func testMultipartPostSetsItsContentType() {
    struct Upload: URLRequestBuildable {}
    let body = HTTPBody.multipart([.field("a", "1")], boundary: "k")
    let request = Upload().post(URL(string: "https://booklibrary.com/upload")!, body: body)
    XCTAssertEqual(
      request.value(forHTTPHeaderField: "Content-Type"), "multipart/form-data; boundary=k")
    XCTAssertEqual(request.httpBody, body.data)
  }
}
