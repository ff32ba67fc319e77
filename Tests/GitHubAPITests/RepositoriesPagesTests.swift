import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import GitHubAPI

/// `RepositoriesLoader` page by page over a client the test answers: every state, with the
/// repositories read so far and the page progress at each change.
@MainActor
final class RepositoriesPagesTests: XCTestCase {
  typealias Step = LoaderPagesStep<RepositoryList>

  let client = PageByPageClient()
  let sanitizer = TextSanitizer()
  /// The URL the loader asks for first, as its endpoint makes it (the client adds the host).
  let firstPage = "orgs/acme/repos?per_page=100&page=1"
  /// The loaders `started` made, kept for the test's length.
  var kept: [RepositoriesLoader] = []

  func makeLoader(pageCap: Int = 100) -> RepositoriesLoader {
    RepositoriesLoader(
      apiClient: client, login: "acme", kind: .organization, pageCap: pageCap, sanitizer: sanitizer)
  }

  /// The `Link` URL of page `number`.
  func page(_ number: Int) -> String {
    "https://api.test/organizations/7/repos?per_page=100&page=\(number)"
  }

  /// The body of a page listing `names`.
  func body(_ names: String) -> String {
    let items = names.split(separator: ",").map {
      #"{"name":"\#($0)","stargazers_count":1,"fork":false}"#
    }
    return "[" + items.joined(separator: ",") + "]"
  }

  /// The repositories named, as the loader decodes them.
  func repositories(_ names: String) -> RepositoryList {
    RepositoryList(
      try! RepositoriesPage(body: Data(body(names).utf8)).repositories(sanitizer: sanitizer))
  }

  /// Answers the next request with a page of `names` and its `Link` header.
  @discardableResult
  func answer(_ names: String, next: Int? = nil, last: Int? = nil) async -> String? {
    var links: [String] = []
    if let next { links.append("<\(page(next))>; rel=\"next\"") }
    if let last { links.append("<\(page(last))>; rel=\"last\"") }
    let headers = links.isEmpty ? [:] : ["Link": links.joined(separator: ", ")]
    return await client.respond(headers: headers, body: body(names))
  }

  /// A load under way or stopped: `state` with the repositories `names` read so far and
  /// `progress` in both facets. Under way, the partial content goes on at the page after those
  /// read; stopped, at `resume`.
  func partial(
    _ state: LoadingState<RepositoryList>, _ names: String, _ progress: PageProgress,
    resume: PageResume? = nil
  ) -> Step {
    let read = [firstPage] + (1..<max(1, progress.pagesRead)).map { page($0 + 1) }
    let resume =
      state.isLoading
      ? PageResume(
        firstPage: firstPage, next: URL(string: page(progress.pagesRead + 1))!,
        visited: Array(read.prefix(progress.pagesRead)), pageCount: progress.pageCount)
      : resume
    return Step(
      state,
      partial: PartialContent(content: repositories(names), progress: progress, resume: resume),
      progress: progress)
  }

  func progress(_ read: Int, of count: Int?, items: Int, cap: Int? = nil) -> PageProgress {
    PageProgress(pagesRead: read, pageCount: count, itemCount: items, stoppedAtCap: cap)
  }

  /// The steps of a load of three pages (`pages`, each names separated by commas) after
  /// `first`, with `cache` kept under the pages until the last one completes the list.
  func threePages(
    from first: Step, cache: RepositoryList?, _ pages: [String] = ["a,b", "c,d", "e"]
  ) -> [Step] {
    let read = (1...3).map { pages.prefix($0).joined(separator: ",") }
    let counts = read.map { $0.split(separator: ",").count }
    return [
      first,
      Step(.loading(cache: cache)),
      partial(.loading(cache: cache), read[0], progress(1, of: 3, items: counts[0])),
      partial(.loading(cache: cache), read[1], progress(2, of: 3, items: counts[1])),
      Step(
        .success(content: repositories(read[2])), progress: progress(3, of: 3, items: counts[2])),
    ]
  }

  /// The steps of a load whose second page (of 3) failed with `error`: the first page read,
  /// then the failure that keeps it and goes on at page 2.
  func stoppedAfterPageOne(_ error: GitHubError) -> [Step] {
    let resume = PageResume(
      firstPage: firstPage, next: URL(string: page(2))!, visited: [firstPage], pageCount: 3)
    return [
      Step(.initial),
      Step(.loading(cache: nil)),
      partial(.loading(cache: nil), "a,b", progress(1, of: 3, items: 2)),
      partial(
        .failure(error: error, cache: nil), "a,b", progress(1, of: 3, items: 2), resume: resume),
    ]
  }

  /// A loader (with `pageCap`) and the recorder of its states, loading; the test keeps the
  /// loader alive (the recorder does not).
  func started(pageCap: Int = 100) -> (RepositoriesLoader, LoaderStateRecorder<RepositoryList>) {
    let loader = makeLoader(pageCap: pageCap)
    kept.append(loader)
    let steps = LoaderStateRecorder(loader)
    loader.load()
    return (loader, steps)
  }

  private func answerThreePages() async {
    await answer("a,b", next: 2, last: 3)
    await answer("c,d", next: 3, last: 3)
    await answer("e")
  }

  func testAThreePageLoadReportsEachPageButTheLastThenSucceeds() async {
    let (_, steps) = started()
    await answerThreePages()
    await steps.expectPages(
      threePages(from: Step(.initial), cache: nil), timeout: .seconds(10))
    XCTAssertEqual(client.requested, [firstPage, page(2), page(3)])
  }

  func testAFailureOnPageTwoKeepsPageOneThenAResumeAsksOnlyForTheRest() async {
    let (loader, steps) = started()
    await answer("a,b", next: 2, last: 3)
    await client.respond(status: 500, body: #"{"message":"boom"}"#)
    let error = GitHubError.server(status: 500, message: "boom")
    let first = stoppedAfterPageOne(error)
    let stopped = first[3]
    await steps.expectPages(first, timeout: .seconds(10))
    XCTAssertEqual(loader.state.error as? GitHubError, error)

    loader.load()
    await answer("c,d", next: 3, last: 3)
    await answer("e")
    await steps.expectPages(
      [
        stopped,
        Step(.loading(cache: nil), partial: stopped.partial, progress: stopped.progress),
        partial(.loading(cache: nil), "a,b,c,d", progress(2, of: 3, items: 4)),
        Step(.success(content: repositories("a,b,c,d,e")), progress: progress(3, of: 3, items: 5)),
      ], timeout: .seconds(10))
    XCTAssertEqual(
      client.requested, [firstPage, page(2), page(2), page(3)], "page 1 is not asked for again")
  }

  /// A page's report hands out the list read so far, not a copy of it: each report shares the
  /// pages of the one before, and the end of the load shares every page (the work for a page is
  /// the page's, however long the list).
  func testEachPageReportSharesThePagesReadBefore() async throws {
    let (loader, steps) = started()
    await answer("a,b", next: 2, last: 3)
    let first = partial(.loading(cache: nil), "a,b", progress(1, of: 3, items: 2))
    await steps.expectPages([Step(.initial), Step(.loading(cache: nil)), first])
    let afterOne = try XCTUnwrap(loader.partialContent?.content)
    await answer("c,d", next: 3, last: 3)
    let second = partial(.loading(cache: nil), "a,b,c,d", progress(2, of: 3, items: 4))
    await steps.expectPages([first, second])
    let afterTwo = try XCTUnwrap(loader.partialContent?.content)
    await answer("e")
    await steps.expectPages([
      second,
      Step(.success(content: repositories("a,b,c,d,e")), progress: progress(3, of: 3, items: 5)),
    ])
    let all = try XCTUnwrap(loader.state.content)

    XCTAssertEqual(afterOne.count, 2, "a report is not changed by the pages after it")
    XCTAssertEqual(afterTwo.sharedPages(with: afterOne), 1, "page 1 is shared, not copied")
    XCTAssertEqual(all.sharedPages(with: afterTwo), 2, "the content is the reports' pages")
  }

  func testAReloadOverCompleteContentKeepsTheWholeListAsCacheAtEveryStep() async {
    let (loader, steps) = started()
    await answerThreePages()
    let all = repositories("a,b,c,d,e")
    let done = Step(.success(content: all), progress: progress(3, of: 3, items: 5))
    await steps.expectPages(
      threePages(from: Step(.initial), cache: nil), timeout: .seconds(10))

    loader.load()
    await answer("a,b,x", next: 2, last: 3)
    await answer("c,d", next: 3, last: 3)
    await answer("e")
    await steps.expectPages(
      threePages(from: done, cache: all, ["a,b,x", "c,d", "e"]), timeout: .seconds(10))
  }

  func testTheCapEndsInSuccessSayingWhereItStopped() async {
    let (_, steps) = started(pageCap: 2)
    await answer("a,b", next: 2, last: 3)
    await answer("c,d", next: 3, last: 3)
    await steps.expectPages(
      [
        Step(.initial),
        Step(.loading(cache: nil)),
        partial(.loading(cache: nil), "a,b", progress(1, of: 3, items: 2)),
        Step(
          .success(content: repositories("a,b,c,d")), progress: progress(2, of: 3, items: 4, cap: 2)
        ),
      ], timeout: .seconds(10))
    XCTAssertEqual(client.requested, [firstPage, page(2)], "page 3 is not asked for")
  }

  func testWithoutALastLinkThePageCountIsKnownOnlyAtTheLastPage() async {
    let (_, steps) = started()
    await answer("a,b", next: 2)
    await answer("c,d", next: 3)
    await answer("e")
    await steps.expectPages(
      [
        Step(.initial),
        Step(.loading(cache: nil)),
        partial(.loading(cache: nil), "a,b", progress(1, of: nil, items: 2)),
        partial(.loading(cache: nil), "a,b,c,d", progress(2, of: nil, items: 4)),
        Step(.success(content: repositories("a,b,c,d,e")), progress: progress(3, of: 3, items: 5)),
      ], timeout: .seconds(10))
  }

  func testARepositoryListedAgainAcrossAShiftedPageBoundaryAppearsOnce() async {
    let (_, steps) = started()
    await answer("a,b,c", next: 2, last: 3)
    await answer("c,d,e", next: 3, last: 3)
    await answer("f")
    await steps.expectPages(
      threePages(from: Step(.initial), cache: nil, ["a,b,c", "d,e", "f"]), timeout: .seconds(10))
  }
}

extension RepositoriesPagesTests {
  func testALinkBackToTheFirstPageStopsWithoutReadingItAgain() async {
    let (loader, steps) = started()
    await answer("a,b", next: 2, last: 2)
    await client.respond(
      headers: ["Link": "<\(page(1))>; rel=\"next\", <\(page(2))>; rel=\"last\""],
      body: body("c"))
    let error = GitHubError.paginationStopped(.linkLoop(page: 2))
    await steps.expectPages(
      [
        Step(.initial),
        Step(.loading(cache: nil)),
        partial(.loading(cache: nil), "a,b", progress(1, of: 2, items: 2)),
        partial(.failure(error: error, cache: nil), "a,b,c", progress(2, of: 2, items: 3)),
      ], timeout: .seconds(10))
    XCTAssertEqual(loader.state.error as? GitHubError, error)
    XCTAssertEqual(client.requested, [firstPage, page(2)])
  }

  func testALinkToAFileStopsWithWhatWasReadAndSaysWhy() async {
    let loader = makeLoader()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    await client.respond(
      headers: ["Link": "<file:///etc/passwd>; rel=\"next\""], body: body("a,b"))
    let error = GitHubError.paginationStopped(
      .refusedLink(page: 1, link: "file:///etc/passwd"))
    await steps.expectPages(
      [
        Step(.initial),
        Step(.loading(cache: nil)),
        partial(.failure(error: error, cache: nil), "a,b", progress(1, of: nil, items: 2)),
      ], timeout: .seconds(10))
    XCTAssertEqual(client.requested, [firstPage], "the file is never asked for")
  }
}
