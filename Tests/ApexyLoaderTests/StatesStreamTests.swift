import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import XCTest

/// What Apexy's tests check through Combine's `statePublisher`, checked through `states`.
///
/// The pattern that replaces a synchronous `sink`: take the stream's iterator before acting,
/// then `await iterator.next()` for each state expected. The stream buffers every change, so
/// nothing is missed and no wait is guessed.
@MainActor
final class StatesStreamTests: XCTestCase {
  func testANewLoaderHasNoObservationsOfOthersAndStartsInitial() async {
    let loader = ContentLoader<Int>()
    XCTAssertTrue(loader.observations.isEmpty)
    var states = loader.states.makeAsyncIterator()
    let first = await states.next()
    XCTAssertEqual(first, .initial)
  }

  func testStartLoadingTwiceYieldsOneLoadingState() async {
    let loader = ContentLoader<Int>()
    var states = loader.states.makeAsyncIterator()
    XCTAssertTrue(loader.startLoading())
    XCTAssertFalse(loader.startLoading())
    loader.finishLoading(.success(12))
    var received: [LoadingState<Int>?] = []
    for _ in 0..<3 { received.append(await states.next()) }
    XCTAssertEqual(received, [.initial, .loading(cache: nil), .success(content: 12)])
  }

  func testFinishLoadingYieldsSuccessThenFailureWithTheCache() async {
    let loader = ContentLoader<Int>()
    var states = loader.states.makeAsyncIterator()
    loader.finishLoading(.success(12))
    loader.finishLoading(.failure(URLError(.networkConnectionLost)))
    var received: [LoadingState<Int>?] = []
    for _ in 0..<3 { received.append(await states.next()) }
    XCTAssertEqual(
      received,
      [.initial, .success(content: 12), .failure(error: URLError(.badURL), cache: 12)])
    let error = loader.state.error as? URLError
    XCTAssertEqual(error?.code, .networkConnectionLost)
  }

  func testUpdateYieldsOnlyChanges() async {
    let loader = ContentLoader<Int>()
    var states = loader.states.makeAsyncIterator()
    loader.update(.initial)
    loader.update(.success(content: 1))
    loader.update(.success(content: 1))
    loader.update(.success(content: 2))
    var received: [LoadingState<Int>?] = []
    for _ in 0..<3 { received.append(await states.next()) }
    XCTAssertEqual(received, [.initial, .success(content: 1), .success(content: 2)])
  }

  // MARK: - Every change once, and only changes

  /// Every state `stream` yields until it ends.
  private func collect(_ stream: AsyncStream<LoadingState<String>>) async -> [String] {
    var received: [String] = []
    for await state in stream { received.append(state.description) }
    return received
  }

  func testARetryWaitYieldsNoStateOfItsOwn() async {
    let clock = ManualScheduler()
    let client = ScriptedClient()
    var loader: TextLoader? = TextLoader(
      client: client, scheduler: clock,
      policies: LoaderPolicies(
        retry: RetryPolicy(maxRetries: 1, baseDelay: 1, random: { $0.upperBound })))
    let stream = loader!.states
    loader?.load()
    client.respond(status: 503)
    XCTAssertNotNil(loader?.retryStatus, "observers hear of the retry; the state stays loading")
    clock.advance(by: 1)
    client.respond(body: "hello")
    XCTAssertNil(loader?.retryStatus)
    loader = nil
    let received = await collect(stream)
    XCTAssertEqual(received, ["Initial", "Loading: cache nil", "Success: hello"])
  }

  func testAChangeAnObserverMakesFollowsTheOneItSaw() async {
    var loader: ContentLoader<String>? = ContentLoader<String>()
    let observation = loader!.observe { [unowned loader = loader!] in
      if loader.state == .success(content: "first") { loader.state = .success(content: "second") }
    }
    let stream = loader!.states
    loader?.state = .success(content: "first")
    XCTAssertEqual(loader?.state, .success(content: "second"))
    loader = nil
    let received = await collect(stream)
    XCTAssertEqual(received, ["Initial", "Success: first", "Success: second"])
    withExtendedLifetime(observation) {}
  }

  func testFailuresWithDifferentErrorsAreTwoChanges() async {
    var loader: ContentLoader<String>? = ContentLoader<String>()
    let stream = loader!.states
    loader?.update(.failure(error: URLError(.timedOut), cache: "old"))
    loader?.update(.failure(error: URLError(.timedOut), cache: "old"))
    loader?.update(.failure(error: URLError(.notConnectedToInternet), cache: "old"))
    XCTAssertEqual((loader?.state.error as? URLError)?.code, .notConnectedToInternet)
    loader = nil
    var codes: [URLError.Code?] = []
    var states: [LoadingState<String>] = []
    for await state in stream {
      states.append(state)
      codes.append((state.error as? URLError)?.code)
    }
    XCTAssertEqual(
      states,
      [.initial, .failure(error: Failed(), cache: "old"), .failure(error: Failed(), cache: "old")])
    XCTAssertEqual(codes, [nil, .timedOut, .notConnectedToInternet])
  }
}

private struct Failed: Error {}
