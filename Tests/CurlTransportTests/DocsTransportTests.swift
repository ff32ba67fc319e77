import ApexyHTTP
import CurlTransport
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The code of the article "Transport and TLS" (`ApexyHTTP.docc/TransportAndTLS.md`), as the
/// article shows it. What it configures is tested at work elsewhere: TLS, pins and the trust
/// store in `CurlTLSTests`, proxies in `CurlSessionTests`, HTTP/2 in `CurlHTTP2Tests`.
final class DocsTransportTests: TransportTestCase {
  override func tearDown() {
    CurlURLProtocol.transferFinished = nil
    CurlPinning.unpin(host: "api.booklibrary.example")
    HTTPTransport.default = .curl
    super.tearDown()
  }

  func testATransportIsChosenBeforeClientsAreMade() throws {
    guard HTTPTransport.isCurlAvailable else {
      throw XCTSkip("built without the Curl trait: Foundation's transport is the only one")
    }
    let adapter = BaseRequestAdapter(baseURL: URL(string: "https://booklibrary.example/")!)
    XCTAssertTrue(URLSessionClient(requestAdapter: adapter, defaults: .init()).sendsWithoutSession)

    // MARK: - The article's code, verbatim
    HTTPTransport.default = .foundation  // clients made from now on use Foundation's

    let client = URLSessionClient(requestAdapter: adapter, defaults: RequestDefaults())
    XCTAssertFalse(client.sendsWithoutSession, "Foundation's transport needs the session")
  }

  func testAURLSessionOfYourOwnSendsWithLibcurl() async throws {
    let server = try serve { request in .respond(HTTPResponse(body: Data("hello".utf8))) }
    let url = server.baseURL.appendingPathComponent("hello")
    let reports = Recorder<CurlTransferReport>()
    CurlURLProtocol.transferFinished = { reports.append($0) }

    // MARK: - The article's code, verbatim
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [CurlURLProtocol.self] + (configuration.protocolClasses ?? [])
    let session = URLSession(configuration: configuration)

    let (body, response) = try await session.data(from: url)
    XCTAssertEqual(String(decoding: body, as: UTF8.self), "hello")
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
    XCTAssertEqual(reports.values.map(\.url), [url], "libcurl sent it")
    session.finishTasksAndInvalidate()
  }

  func testEveryFinishedTransferIsReported() async throws {
    let server = try serve { request in .respond(HTTPResponse(body: Data("hello".utf8))) }
    let url = server.baseURL.appendingPathComponent("hello")

    // MARK: - The article's code, verbatim
    CurlURLProtocol.transferFinished = { report in
      let connection = report.connectionsOpened == 0 ? "reused" : "new"
      print("\(report.httpVersion.rawValue) \(report.status) \(report.url) (\(connection))")
    }

    _ = try await client().request(AnswerEndpoint(url: url))
    let reports = Recorder<CurlTransferReport>()
    CurlURLProtocol.transferFinished = { reports.append($0) }
    _ = try await client().request(AnswerEndpoint(url: url))
    XCTAssertEqual(reports.values.map(\.httpVersion), [.http11])
    XCTAssertEqual(reports.values.map(\.status), [200])
  }

  func testAPinIsKeptPerHostInAnyCase() {
    // MARK: - The article's code, verbatim
    CurlPinning.pin(
      "sha256//YhKJKSzoTt2b5FP18fvpHo7fJYqQCjAa3HWY3tvRMwE=", forHost: "api.booklibrary.example")

    XCTAssertEqual(
      CurlPinning.publicKeys(forHost: "API.BookLibrary.example"),
      "sha256//YhKJKSzoTt2b5FP18fvpHo7fJYqQCjAa3HWY3tvRMwE=")
    CurlPinning.unpin(host: "api.booklibrary.example")
    XCTAssertNil(CurlPinning.publicKeys(forHost: "api.booklibrary.example"))
  }
}
