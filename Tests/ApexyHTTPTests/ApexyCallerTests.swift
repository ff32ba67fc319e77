import ApexyHTTP
import ApexyHTTPTesting
import XCTest

// Code as it is written for the iOS library, from the main actor: completion handlers that
// touch the caller's state, `async` calls on a client kept in a property, and a client of the
// app's own. It must compile unchanged in Swift 6 mode, so the contract's handlers stay plain
// closures (not `@Sendable`, not `sending`).

/// `GET books`, one title a line.
private struct BookListEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "books")!) }

  func content(from response: URLResponse?, with body: Data) throws -> [String] {
    String(decoding: body, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// A view model as an iOS app writes one.
@MainActor
private final class BookListViewModel {
  private let apiClient: URLSessionClient
  private var progress: Progress?
  private(set) var books: [String] = []
  private(set) var error: Error?
  private(set) var handlerRanOnMain: [Bool] = []

  init(apiClient: URLSessionClient) {
    self.apiClient = apiClient
  }

  func load(then done: @escaping () -> Void) {
    progress = apiClient.request(BookListEndpoint()) { [weak self] result in
      guard let self else { return }
      self.handlerRanOnMain.append(Thread.isMainThread)
      switch result {
      case .success(let books): self.books = books
      case .failure(let error): self.error = error
      }
      self.progress = nil
      done()
    }
  }

  func loadAsync() async {
    do {
      books = try await apiClient.request(BookListEndpoint())
    } catch {
      self.error = error
    }
  }

  func upload(_ text: String, then done: @escaping (Result<[String], Error>) -> Void) {
    _ = apiClient.upload(BookUploadEndpoint(text: text)) { result in
      self.handlerRanOnMain.append(Thread.isMainThread)
      done(result)
    }
  }
}

/// `POST books` with a body, answered with the list.
private struct BookUploadEndpoint: UploadEndpoint {
  let text: String

  func makeRequest() throws -> (URLRequest, UploadEndpointBody) {
    var request = URLRequest(url: URL(string: "books")!)
    request.httpMethod = "POST"
    return (request, .data(Data(text.utf8)))
  }

  func content(from response: URLResponse?, with body: Data) throws -> [String] {
    String(decoding: body, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// A client of the app's own, holding its handlers in plain properties.
private final class MockClient: Client {
  var handlers: [(APIResult<[String]>) -> Void] = []

  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    handlers.append { result in completionHandler(result.map { $0 as! T.Content }) }
    return Progress(totalUnitCount: 1)
  }

  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    Progress(totalUnitCount: 1)
  }
}

@MainActor
final class ApexyCallerTests: XCTestCase {
  private let stub = StubTransport { _ in .text("Dune\nEmma") }

  func testCompletionHandlersFromTheMainActorRunThereAndSetItsState() async {
    let model = BookListViewModel(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    let loaded = expectation(description: "loaded")
    model.load { loaded.fulfill() }
    await fulfillment(of: [loaded], timeout: 10)
    XCTAssertEqual(model.books, ["Dune", "Emma"])
    XCTAssertNil(model.error)

    let uploaded = expectation(description: "uploaded")
    var uploadResult: [String]?
    model.upload("Dune") { result in
      uploadResult = try? result.get()
      uploaded.fulfill()
    }
    await fulfillment(of: [uploaded], timeout: 10)
    XCTAssertEqual(uploadResult, ["Dune", "Emma"])
    XCTAssertEqual(model.handlerRanOnMain, [true, true], "the default completion queue is main")
  }

  func testAsyncRequestsFromTheMainActor() async {
    let model = BookListViewModel(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    await model.loadAsync()
    XCTAssertEqual(model.books, ["Dune", "Emma"])
  }

  func testAClientOfTheAppsOwnConforms() async {
    let client = MockClient()
    var received: [String]?
    _ = client.request(BookListEndpoint()) { result in received = try? result.get() }
    client.handlers.first?(.success(["Dune"]))
    XCTAssertEqual(received, ["Dune"])
  }
}
