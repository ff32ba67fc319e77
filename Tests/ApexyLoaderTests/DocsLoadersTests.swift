import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import Locking
import Observation
import XCTest

// MARK: - The article's code (private here; the article shows it without `private`)

/// A screen that follows the books through `states`, from a task of its own.
@MainActor
private final class BookTitles {
  private(set) var titles: [String] = []
  private(set) var isLoading = false
  private var following: Task<Void, Never>?

  func follow(_ books: BooksLoader) {
    following = Task { [weak self] in
      for await state in books.states {
        self?.titles = state.content?.map(\.title) ?? []
        self?.isLoading = state.isLoading
      }
    }
  }

  func stop() {
    following?.cancel()
  }
}

@MainActor private final class ChangeCounter { var count = 0 }

// Not on the main actor: the handler is, and so is the counter it touches.
private func observeFromBackground(_ books: BooksLoader, counter: ChangeCounter) async
  -> LoaderObservation
{
  await books.observe { counter.count += 1 }
}

/// The code of the article "Loaders and their state" (`ApexyLoader.docc/LoadersAndStates.md`),
/// as the article shows it, with the loaders of the library guide's example
/// (`GuideExampleTests.swift`) against a stub of the library's API.
@MainActor
final class DocsLoadersTests: XCTestCase {
  private func libraryStub() -> StubTransport {
    StubTransport(host: "loaders.booklibrary.example") { request in
      request.url?.path == "/api/v1/books"
        ? .json(Data(#"[{"id":1,"title":"Dune"}]"#.utf8)) : .respond(status: 404)
    }
  }

  private let client = URLSessionClient(
    baseURL: URL(string: "https://loaders.booklibrary.example/api/v1/")!)

  func testAnObserverSeesEveryState() async {
    let stub = libraryStub()
    let books = BooksLoader(apiClient: client)
    var seen: [String] = []
    let observation = books.observe {
      seen.append(books.state.description)
    }
    books.load()

    for await state in books.states where !state.isLoading { break }
    stub.answer { _ in .respond(status: 500) }
    books.load()
    for await state in books.states where !state.isLoading { break }

    XCTAssertEqual(
      seen,
      [
        "Loading: cache nil", "Success: [1 × Book]", "Loading: cache Optional([1 × Book])",
        "Failure: bad server response, cache Optional([1 × Book])",
      ])
    XCTAssertEqual(
      books.state.debugDescription,
      #"LoadingState.failure(error: \#(String(reflecting: books.state.error!)), cache: "#
        + #"Optional([ApexyLoaderTests.Book(id: 1, title: "Dune")]))"#)
    withExtendedLifetime(observation) {}
  }

  func testAStartedLoadIsNotStartedTwice() async {
    let stub = libraryStub()
    let books = BooksLoader(apiClient: client)
    books.load()
    books.load()  // startLoading() is false: no second request
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testATaskFollowsTheStatesStream() async {
    let stub = libraryStub()
    let books = BooksLoader(apiClient: client)
    let screen = BookTitles()
    screen.follow(books)
    books.load()
    for await state in books.states where !state.isLoading { break }
    for _ in 0..<1_000 where screen.titles.isEmpty { await Task.yield() }
    XCTAssertEqual(screen.titles, ["Dune"])
    XCTAssertFalse(screen.isLoading)
    screen.stop()
    XCTAssertEqual(stub.requests.count, 1)
  }

  func testAnObservationFromAnyTaskStopsAtOnceWhenReleasedOnAnotherThread() async {
    let books = BooksLoader(apiClient: client)
    let counter = ChangeCounter()
    // Handed over in a box, not as the task's `value`: a finished task keeps its value until
    // the task is freed, which may be on another thread after `value` returned, and then the
    // release below would not be the last one.
    let handedOver = Locked<LoaderObservation?>(nil)
    await Task.detached {
      let made = await observeFromBackground(books, counter: counter)
      handedOver.withLock { $0 = made }
    }.value
    var observation = handedOver.withLock { $0.take() }
    weak let released = observation
    books.state = .loading(cache: nil)
    XCTAssertEqual(counter.count, 1)
    // Released on a thread of its own; the main queue has not turned since.
    releaseOnAnotherThreadBlocking(&observation)
    XCTAssertNil(released, "the other thread released the last reference")
    books.state = .initial
    XCTAssertEqual(counter.count, 1, "the handler stops at once")
    XCTAssertEqual(books.observerCount, 0)
  }

  func testObservationTrackingIsToldOfTheNextAssignment() async {
    let books = BooksLoader(apiClient: client)
    let told = expectation(description: "onChange")
    withObservationTracking {
      _ = books.state
    } onChange: {
      told.fulfill()
    }
    books.finishLoading(.success([]))
    await fulfillment(of: [told], timeout: 1)
  }
}
