import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

private struct Failed: Error, Equatable {
  let code: Int
}

@MainActor
final class WebLoaderTests: XCTestCase {
  func testRequestFinishesWithContentAndClearsProgress() async {
    let client = FakeClient()
    let loader = NumberLoader(apiClient: client)
    let states = LoaderStateRecorder(loader)
    loader.load()
    XCTAssertNotNil(loader.progress)
    XCTAssertEqual(client.requests.map(\.path), ["number"])
    client.completeNext(with: .success(42))
    await states.expect([.initial, .loading(cache: nil), .success(content: 42)])
    XCTAssertNil(loader.progress)
  }

  func testFailureKeepsCache() async {
    let client = FakeClient()
    let loader = NumberLoader(apiClient: client)
    let states = LoaderStateRecorder(loader)
    loader.load()
    client.completeNext(with: .success(1))
    loader.load()
    client.completeNext(with: .failure(Failed(code: 7)))
    // The client's own error, with the content from before as cache.
    await states.expect([
      .initial, .loading(cache: nil), .success(content: 1), .loading(cache: 1),
      .failure(Failed(code: 7), cache: 1),
    ])
  }

  func testRequestWithTransform() async {
    let client = FakeClient()
    let loader = WebLoader<String>(apiClient: client)
    loader.startLoading()
    loader.request(PathEndpoint<Int>(path: "n"), transform: { "n=\($0)" })
    client.completeNext(with: .success(5))
    XCTAssertEqual(loader.state, .success(content: "n=5"))
  }

  func testRequestWithCompletionLeavesStateAlone() async {
    let client = FakeClient()
    let loader = WebLoader<String>(apiClient: client)
    var received: Int?
    loader.request(PathEndpoint<Int>(path: "n")) { result in received = try? result.get() }
    XCTAssertNotNil(loader.progress)
    client.completeNext(with: .success(9))
    XCTAssertEqual(received, 9)
    XCTAssertEqual(loader.state, .initial)
    XCTAssertNil(loader.progress)
  }

  func testCompletionFromABackgroundQueueReachesStateOnTheMainActor() async {
    let client = FakeClient()
    let loader = NumberLoader(apiClient: client)
    var handlerOnMain: [Bool] = []
    let observation = loader.observe { handlerOnMain.append(Thread.isMainThread) }
    let states = LoaderStateRecorder(loader)
    loader.load()
    client.completeNext(with: .success(3), on: .global())
    await states.expect([.initial, .loading(cache: nil), .success(content: 3)])
    XCTAssertEqual(handlerOnMain, [true, true], "loading, then success, both on the main thread")
    XCTAssertNil(loader.progress)
    withExtendedLifetime(observation) {}
  }

  func testReleasedLoaderCancelsItsRequestAndIgnoresALateCompletion() async {
    let client = FakeClient()
    var (loader, progress) = NumberLoader.loading(on: client)
    weak let weakLoader = loader
    XCTAssertEqual(progress?.isCancelled, false)
    loader = nil
    XCTAssertNil(weakLoader)
    XCTAssertEqual(progress?.isCancelled, true)
    // A late completion from a background queue finds nothing to touch.
    let queue = DispatchQueue(label: "late-completion")
    client.completeNext(with: .success(1), on: queue)
    // The completion's hop to the main queue is enqueued before this one resumes; reaching the
    // end without a crash is the point (the hop finds no loader to touch).
    await withCheckedContinuation { continuation in
      queue.async { DispatchQueue.main.async { continuation.resume() } }
    }
  }
}
