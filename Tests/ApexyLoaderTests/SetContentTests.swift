import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import XCTest

/// `setContent(_:)` while a load is under way: the content set stays when the older answer
/// comes, whichever way the load sends (as it is, under policies, page by page), and the next
/// load works as usual.
@MainActor
final class SetContentTests: ScriptedLoaderTestCase {
  func testContentSetDuringALoadStaysWhenTheOlderAnswerComes() async {
    let loader = textLoader(LoaderPolicies())
    let states = LoaderStateRecorder(loader)
    loader.load()
    let request = client.waiting.first?.progress
    loader.setContent("Dune II")
    XCTAssertEqual(request?.isCancelled, true, "the request of the load given up is cancelled")
    XCTAssertNil(loader.progress)
    client.respond(body: "Dune")
    await states.expect([.initial, .loading(cache: nil), .success(content: "Dune II")])

    loader.load()
    client.respond(body: "Dune Messiah")
    await states.expect([
      .success(content: "Dune II"), .loading(cache: "Dune II"), .success(content: "Dune Messiah"),
    ])
  }

  func testContentSetWhileARetryWaitsStaysAndTheRetryIsNotSent() async {
    let loader = textLoader(
      LoaderPolicies(retry: RetryPolicy(maxRetries: 2, baseDelay: 1, random: { $0.upperBound })))
    let states = LoaderStateRecorder(loader)
    loader.load()
    client.respond(status: 503)
    XCTAssertNotNil(loader.retryStatus, "a retry waits")
    loader.setContent("Dune II")
    XCTAssertNil(loader.retryStatus)
    clock.advance(by: 60)
    XCTAssertEqual(client.sent, 1, "the retry of the load given up is not sent")
    XCTAssertNil(loader.retryStatus)
    // The second `.loading` is the retry's notification.
    await states.expect([
      .initial, .loading(cache: nil), .loading(cache: nil), .success(content: "Dune II"),
    ])
  }

  func testContentSetBetweenTwoPagesStaysAndTheNextLoadStartsOver() async {
    let loader = ItemPagesLoader(apiClient: client)
    loader.scheduler = clock
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respondPage("a,b", next: 2, last: 3)
    loader.setContent(["x"])
    client.respondPage("c,d", next: 3, last: 3)
    XCTAssertEqual(client.sent, 2)
    XCTAssertTrue(client.waiting.isEmpty, "no page after the one answered late is asked for")
    await steps.expectPages([
      LoaderPagesStep(.initial),
      LoaderPagesStep(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b"], .read(1, of: 3, items: 2)),
      LoaderPagesStep(.success(content: ["x"])),
    ])

    loader.load()
    XCTAssertEqual(
      client.waiting.map(\.request.url), [ItemPagesLoader.page(1)],
      "a load after content was set starts from the first page")
    client.respondPage("e")
    await steps.expect([.success(content: ["x"]), .loading(cache: ["x"]), .success(content: ["e"])])
  }
}
