import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import ApexyLoaderTesting
import Testing
import XCTest

// MARK: - The article's helper (private here; the article shows it without `private`)

/// Every notification of `loader`, as a stream, for what `states` does not yield (a retry
/// status, a cache problem); iterate it while holding the observation.
@MainActor
private func notifications(of loader: some ObservableLoader) -> (
  AsyncStream<Void>, LoaderObservation
) {
  let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
  return (stream, loader.observe { continuation.yield() })
}

/// The code of the article "Testing with StubTransport and ManualScheduler"
/// (`ApexyLoader.docc/TestingWithStubs.md`), as the article shows it, with `BooksEndpoint` and
/// `BooksLoader` from the library guide's example (`GuideExampleTests.swift`).
@MainActor
final class DocsTestingTests: XCTestCase {
  func testTheEndpointAsksForTheBooksAndDecodesThem() async throws {
    let request = try BooksEndpoint().makeRequest()
    XCTAssertEqual(request.httpMethod, "GET")
    XCTAssertEqual(request.url?.absoluteString, "books")
    XCTAssertNil(request.httpBody)

    let body = Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)
    let books = try BooksEndpoint().content(from: nil, with: body)
    XCTAssertEqual(books, [Book(id: 1, title: "Dune")])
  }

  func testTheLoaderShowsWhatTheStubAnswers() async {
    let stub = StubTransport { request in
      request.url?.path == "/books"
        ? .json(Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)) : .respond(status: 404)
    }
    let client = URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration())
    let books = BooksLoader(apiClient: client)

    let states = LoaderStateRecorder(books)
    books.load()

    await states.expect([
      .initial, .loading(cache: nil), .success(content: [Book(id: 1, title: "Dune")]),
    ])
    XCTAssertEqual(stub.requests.map { $0.url?.path }, ["/books"])
  }

  func testAFailureKeepsWhatWasShown() async {
    let stub = StubTransport { _ in .json(Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)) }
    let books = BooksLoader(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    books.load()
    for await state in books.states where !state.isLoading { break }

    stub.answer { _ in .failure(URLError(.networkConnectionLost)) }
    books.load()
    for await state in books.states where !state.isLoading { break }

    XCTAssertEqual((books.state.error as? URLError)?.code, .networkConnectionLost)
    XCTAssertEqual(books.state.content, [Book(id: 1, title: "Dune")], "the cache")
  }

  func testARetryWaitsForTheManualClock() async {
    let stub = StubTransport { _ in .respond(status: 503) }
    let books = BooksLoader(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    let scheduler = ManualScheduler()
    books.scheduler = scheduler
    books.policies = LoaderPolicies(
      retry: RetryPolicy(maxRetries: 2, baseDelay: 1, random: { $0.upperBound }))

    let (changes, observation) = notifications(of: books)
    books.load()
    for await _ in changes where books.retryStatus != nil { break }
    XCTAssertEqual(books.retryStatus?.retry, 1)
    XCTAssertEqual(books.retryStatus?.secondsLeft(at: scheduler.now), 1)
    XCTAssertTrue(books.state.isLoading)

    stub.answer { _ in .json(Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)) }
    scheduler.advance(by: 1)  // the retry is sent now, not a second of real time later
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(books.state, .success(content: [Book(id: 1, title: "Dune")]))
    XCTAssertEqual(stub.requests.count, 1, "requests since the last answer(with:)")
    withExtendedLifetime(observation) {}
  }

  func testRefreshAndStalenessFollowTheManualClock() async {
    let stub = StubTransport { _ in .json(Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)) }
    let books = BooksLoader(
      apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
    let scheduler = ManualScheduler()
    books.scheduler = scheduler
    books.policies = LoaderPolicies(staleAfter: 600, refreshInterval: 60)

    books.load()
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(scheduler.nextDueDate, scheduler.now.addingTimeInterval(60))

    scheduler.advance(by: 60)  // the refresh timer fires: a load starts
    XCTAssertTrue(books.state.isLoading)
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(stub.requests.count, 2)
    XCTAssertFalse(books.isStale)

    books.policies.refreshInterval = nil
    scheduler.advance(by: 600)
    XCTAssertTrue(books.isStale)
  }
}

/// The article's Swift Testing listing.
@Test @MainActor func theLoaderShowsWhatTheStubAnswers() async {
  let stub = StubTransport { _ in .json(Data(#"[{"id": 1, "title": "Dune"}]"#.utf8)) }
  let books = BooksLoader(
    apiClient: URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration()))
  let states = LoaderStateRecorder(books)
  books.load()

  await states.expect([
    .initial, .loading(cache: nil), .success(content: [Book(id: 1, title: "Dune")]),
  ])
  #expect(stub.requests.count == 1)
}
