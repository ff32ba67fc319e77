import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import XCTest

// MARK: - The article's code, verbatim

/// The porting article's test of `states` (`ApexyHTTP.docc/PortingFromIOS.md`, "Testing
/// `states` instead of a sink"), run as it is shown.
@MainActor
final class BooksLoaderTests: XCTestCase {
  func testLoadingThenSuccess() async {  // async: see the XCTest row above
    let loader = ContentLoader<Int>()
    var states = loader.states.makeAsyncIterator()
    loader.startLoading()
    loader.finishLoading(.success(12))
    var received: [LoadingState<Int>?] = []
    for _ in 0..<3 { received.append(await states.next()) }
    XCTAssertEqual(received, [.initial, .loading(cache: nil), .success(content: 12)])
  }
}

/// The porting article's stub (`ApexyHTTP.docc/PortingFromIOS.md`, "Stubbing the network in
/// tests"), run as it is shown.
final class DocsPortingTests: XCTestCase {
  func testAStubAnswersTheClientConfiguredWithIt() async throws {
    let stub = StubTransport { request in .text("[]") }  // or .json, .respond, .failure, .noAnswer
    let client = URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration())

    let books = try await client.request(BooksEndpoint())
    XCTAssertEqual(books, [])
    XCTAssertEqual(stub.requests.map { $0.url?.absoluteString }, ["\(stub.baseURL)books"])
    do {
      _ = try await client.request(
        TextPathEndpoint(path: "https://elsewhere.stub.test/books"))
      XCTFail("a host no live transport owns must fail")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .cannotFindHost)
    }
  }
}
