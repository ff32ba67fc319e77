import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - The article's code (`ApexyLoader.docc/LoadersKeptByKey.md`)

/// `GET books/ID`, decoded as JSON.
private struct BookEndpoint: Endpoint, URLRequestBuildable {
  let id: Int

  func makeRequest() throws -> URLRequest { get(URL(string: "books/\(id)")!) }

  func content(from response: URLResponse?, with body: Data) throws -> Book {
    try JSONDecoder().decode(Book.self, from: body)
  }
}

/// One book's loader.
@MainActor
private final class BookLoader: WebLoader<Book>, ContentLoading {
  let id: Int

  init(apiClient: Client, id: Int) {
    self.id = id
    super.init(apiClient: apiClient)
  }

  func load() {
    guard startLoading() else { return }
    request(BookEndpoint(id: id))
  }
}

/// The article's listings, run against a stub of the API that answers books 1 to 4.
@MainActor
final class DocsKeyedLoadersTests: XCTestCase {
  private let stub = StubTransport { request in
    let titles = [1: "Dune", 2: "Dune Messiah", 3: "Children of Dune", 4: "Children of Dune"]
    guard let id = request.url.flatMap({ Int($0.lastPathComponent) }), let title = titles[id]
    else { return .noAnswer }
    return .text(#"{"id": \#(id), "title": "\#(title)"}"#)
  }

  private var apiClient: URLSessionClient {
    URLSessionClient(
      baseURL: stub.baseURL.appendingPathComponent("api/v1/"), configuration: stub.configuration())
  }

  /// The state `loader` has once its load ends.
  private func loaded(_ loader: BookLoader) async -> LoadingState<Book> {
    for await state in loader.states where !state.isLoading { return state }
    return loader.state
  }

  func testTheSameKeyGivesTheSameLoaderAndItsState() async {
    let apiClient = apiClient

    // In the service layer: at most 20 books nobody shows are kept, each for 5 minutes at most
    // once nobody shows it. `make` always makes one, so `loader(for:)` never answers nil.
    let books = TotalLoaderStore<Int, BookLoader>(limit: 20, releaseAfter: 300) { id in
      BookLoader(apiClient: apiClient, id: id)
    }

    let dune = books.loader(for: 1)  // made now
    dune.load()
    XCTAssertTrue(books.loader(for: 1) === dune)  // the same loader for as long as it is kept

    let state = await loaded(dune)
    XCTAssertEqual(state, .success(content: Book(id: 1, title: "Dune")))
  }

  func testLettingGoAfterATime() async {
    let apiClient = apiClient
    let clock = ManualScheduler()
    let books = TotalLoaderStore<Int, BookLoader>(releaseAfter: 300, scheduler: clock) { id in
      BookLoader(apiClient: apiClient, id: id)
    }
    _ = books.loader(for: 1)
    clock.advance(by: 300)
    XCTAssertEqual(books.keys, [])  // nobody used it for 5 minutes
  }

  func testViewsThatReadThroughObservation() async {
    let apiClient = apiClient
    let books = TotalLoaderStore<Int, BookLoader>(limit: 0) { id in
      BookLoader(apiClient: apiClient, id: id)
    }
    let hold = books.hold(2)  // in a view model, for as long as the view is shown
    hold.loader.load()
    _ = books.loader(for: 1)
    XCTAssertTrue(books.loader(for: 2) === hold.loader)  // whatever the limit and the time
    let state = await loaded(hold.loader)
    XCTAssertEqual(state, .success(content: Book(id: 2, title: "Dune Messiah")))
  }

  func testActingOnManyKeysAndBeingToldOfChanges() async {
    let apiClient = apiClient
    let books = TotalLoaderStore<Int, BookLoader>(limit: 20) { id in
      BookLoader(apiClient: apiClient, id: id)
    }
    var changes: [String] = []
    let watch = books.observeChanges { change in
      changes.append("\(change)")  // made(3), dropped(1), …
    }
    for id in [2, 3, 12] { _ = books.loader(for: id) }
    books.setContent(Book(id: 2, title: "Dune Messiah"), for: 2)
    books.invalidate { $0 < 10 }
    books.remove { $0 >= 10 }
    XCTAssertEqual(books.keys, [3, 2], "2 was taken last, to set its content")
    XCTAssertEqual(
      books.existingLoader(for: 2)?.state, .success(content: Book(id: 2, title: "Dune Messiah")))
    XCTAssertEqual(
      changes,
      [
        "made(2)", "made(3)", "made(12)", "contentSet(2)", "invalidated(3)", "invalidated(2)",
        "removed(12)",
      ])
    XCTAssertEqual(books.loader(for: 3).isLoading, true, "invalidated, it loads when taken")
    XCTAssertNotNil(watch)
  }

  func testOneCallsOwnContext() async {
    let apiClient = apiClient
    let books = TotalLoaderStore<Int, BookLoader>(limit: 20) { id in
      BookLoader(apiClient: apiClient, id: id)
    }

    // Opened from a list that showed its title: the title shows while the book loads.
    let opened = books.loader(for: 4) { id in
      let loader = BookLoader(apiClient: apiClient, id: id)
      loader.setContent(Book(id: id, title: "Children of Dune"))
      return loader
    }
    opened.load()

    XCTAssertEqual(opened.state, .loading(cache: Book(id: 4, title: "Children of Dune")))
    let state = await loaded(opened)
    XCTAssertEqual(state, .success(content: Book(id: 4, title: "Children of Dune")))
  }
}
