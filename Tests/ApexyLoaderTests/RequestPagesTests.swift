import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

/// `requestPages` over a scripted client: every state a paginated load passes through, with its
/// partial content and page progress at each change.
@MainActor
final class RequestPagesTests: ScriptedLoaderTestCase {
  private typealias Step = LoaderPagesStep<[String]>

  private let all = ["a", "b", "c", "d", "e"]

  private func makeLoader() -> ItemPagesLoader {
    let loader = ItemPagesLoader(apiClient: client)
    loader.scheduler = clock
    return loader
  }

  /// Answers pages 1 to 3 of `a,b`, `c,d`, `e`, each but the last with its next and last links.
  private func answerThreePages() {
    client.respondPage("a,b", next: 2, last: 3)
    client.respondPage("c,d", next: 3, last: 3)
    client.respondPage("e")
  }

  func testAThreePageLoadReportsEachPageButTheLastThenSucceeds() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    answerThreePages()
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b"], .read(1, of: 3, items: 2)),
      .partial(.loading(cache: nil), ["a", "b", "c", "d"], .read(2, of: 3, items: 4)),
      Step(.success(content: all), progress: .read(3, of: 3, items: 5)),
    ])
    XCTAssertEqual(client.sent, 3, "one request a page")
    XCTAssertEqual(loader.pageProgress?.isComplete, true)
  }

  func testAFailureOnPageTwoKeepsPageOneAndWhereToGoOn() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respondPage("a,b", next: 2, last: 3)
    client.respond(status: 500)
    let resume = PageResume(
      firstPage: ItemPagesLoader.page(1).absoluteString, next: ItemPagesLoader.page(2),
      visited: [ItemPagesLoader.page(1).absoluteString], pageCount: 3)
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b"], .read(1, of: 3, items: 2)),
      .partial(
        .failure(error: StatusError(status: 500), cache: nil), ["a", "b"],
        .read(1, of: 3, items: 2), resume: resume),
    ])
    XCTAssertEqual(loader.state.error as? StatusError, StatusError(status: 500))
    XCTAssertEqual(loader.pageProgress?.pagesLeft, 2)
  }

  func testAResumeRequestsOnlyThePagesMissing() async {
    let loader = makeLoader()
    loader.load()
    XCTAssertEqual(
      client.respondPage("a,b", next: 2, last: 3), ItemPagesLoader.page(1).absoluteString)
    client.respond(status: 503)
    let stopped = loader.partialContent
    let steps = LoaderStateRecorder(loader)

    loader.load()
    XCTAssertEqual(client.waitingURLs, [ItemPagesLoader.page(2).absoluteString])
    XCTAssertEqual(
      client.respondPage("c,d", next: 3, last: 3), ItemPagesLoader.page(2).absoluteString)
    XCTAssertEqual(client.respondPage("e"), ItemPagesLoader.page(3).absoluteString)
    await steps.expectPages([
      Step(
        .failure(error: StatusError(status: 503), cache: nil), partial: stopped,
        progress: .read(1, of: 3, items: 2)),
      Step(.loading(cache: nil), partial: stopped, progress: .read(1, of: 3, items: 2)),
      .partial(.loading(cache: nil), ["a", "b", "c", "d"], .read(2, of: 3, items: 4)),
      Step(.success(content: all), progress: .read(3, of: 3, items: 5)),
    ])
    XCTAssertEqual(client.sent, 4, "pages 1 and 2, then pages 2 and 3: page 1 is not read again")
  }

  func testAReloadOverCompleteContentKeepsTheWholeListAsCacheAtEveryStep() async {
    let loader = makeLoader()
    loader.load()
    answerThreePages()
    let steps = LoaderStateRecorder(loader)

    loader.load()
    client.respondPage("a,b,x", next: 2, last: 3)
    client.respond(status: 502)
    loader.load()
    client.respondPage("c,d", next: 3, last: 3)
    client.respondPage("e")
    let reading = [
      "a", "b", "x",
    ]
    let done = Step(.success(content: all), progress: .read(3, of: 3, items: 5))
    let stopped = PartialContent(
      content: reading, progress: .read(1, of: 3, items: 3),
      resume: PageResume(
        firstPage: ItemPagesLoader.page(1).absoluteString, next: ItemPagesLoader.page(2),
        visited: [ItemPagesLoader.page(1).absoluteString], pageCount: 3))
    await steps.expectPages([
      done,
      Step(.loading(cache: all)),
      .partial(.loading(cache: all), reading, .read(1, of: 3, items: 3)),
      Step(
        .failure(error: StatusError(status: 502), cache: all), partial: stopped,
        progress: stopped.progress),
      Step(.loading(cache: all), partial: stopped, progress: stopped.progress),
      .partial(.loading(cache: all), reading + ["c", "d"], .read(2, of: 3, items: 5)),
      Step(
        .success(content: reading + ["c", "d", "e"]), progress: .read(3, of: 3, items: 6)),
    ])
  }

  func testTheCapEndsInSuccessSayingWhereItStopped() async {
    let loader = makeLoader()
    loader.pageCap = 2
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respondPage("a,b", next: 2, last: 3)
    client.respondPage("c,d", next: 3, last: 3)
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b"], .read(1, of: 3, items: 2)),
      Step(
        .success(content: ["a", "b", "c", "d"]), progress: .read(2, of: 3, items: 4, cap: 2)),
    ])
    XCTAssertEqual(client.sent, 2, "page 3 is not asked for")
    XCTAssertEqual(loader.pageProgress?.isComplete, false)
  }

  func testWithoutALastLinkThePageCountIsKnownOnlyAtTheLastPage() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respondPage("a,b", next: 2)
    client.respondPage("c,d", next: 3)
    client.respondPage("e")
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b"], .read(1, of: nil, items: 2)),
      .partial(.loading(cache: nil), ["a", "b", "c", "d"], .read(2, of: nil, items: 4)),
      Step(.success(content: all), progress: .read(3, of: 3, items: 5)),
    ])
  }

  func testAnItemListedAgainAcrossAShiftedPageBoundaryAppearsOnce() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respondPage("a,b,c", next: 2, last: 3)
    client.respondPage("c,d,e", next: 3, last: 3)
    client.respondPage("f")
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b", "c"], .read(1, of: 3, items: 3)),
      .partial(.loading(cache: nil), ["a", "b", "c", "d", "e"], .read(2, of: 3, items: 5)),
      Step(.success(content: all + ["f"]), progress: .read(3, of: 3, items: 6)),
    ])
  }

  func testALinkBackFailsWithWhatWasReadAndNoResume() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respondPage("a,b", next: 2)
    client.respondPage("c", next: 1)
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(.loading(cache: nil), ["a", "b"], .read(1, of: nil, items: 2)),
      .partial(
        .failure(error: PageLoopError(page: 2), cache: nil), ["a", "b", "c"],
        .read(2, of: nil, items: 3)),
    ])
    XCTAssertEqual(loader.state.error as? PageLoopError, PageLoopError(page: 2))
    XCTAssertEqual(client.sent, 2)

    loader.load()
    await steps.expectPages([
      .partial(
        .failure(error: PageLoopError(page: 2), cache: nil), ["a", "b", "c"],
        .read(2, of: nil, items: 3)),
      Step(.loading(cache: nil)),
    ])
    XCTAssertEqual(client.waitingURLs, [ItemPagesLoader.page(1).absoluteString], "from page 1")
    client.respondPage("a,b", next: nil)
    await steps.expectPages([
      Step(.loading(cache: nil)),
      Step(.success(content: ["a", "b"]), progress: .read(1, of: 1, items: 2)),
    ])
  }

  func testALinkBackToAPageReadSpelledAnotherWayIsALoopToo() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    client.respond(
      headers: ["Link": "<https://items.test/list?per_page=2&page=1>; rel=\"next\""], body: "a,b")
    await steps.expectPages([
      Step(.initial),
      Step(.loading(cache: nil)),
      .partial(
        .failure(error: PageLoopError(page: 1), cache: nil), ["a", "b"],
        .read(1, of: nil, items: 2)),
    ])
    XCTAssertEqual(client.sent, 1, "page 1 is not read again")
  }
}
