import ApexyLoader
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
}
