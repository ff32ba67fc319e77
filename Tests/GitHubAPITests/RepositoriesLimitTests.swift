import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import GitHubAPI

/// `RepositoriesLoader` with a limit, as `gh repo list --limit`: pages of that size are asked
/// for, no page after the one that reaches it, and the list is cut to it, saying so.
@MainActor
final class RepositoriesLimitTests: XCTestCase {
  typealias Step = LoaderPagesStep<RepositoryList>

  let client = PageByPageClient()
  let sanitizer = TextSanitizer()

  func makeLoader(limit: Int?, pageCap: Int = 100) -> RepositoriesLoader {
    RepositoriesLoader(
      apiClient: client, login: "acme", kind: .organization, pageCap: pageCap, limit: limit,
      sanitizer: sanitizer)
  }

  /// The first page as a loader asks for it, `perPage` a page.
  func firstPage(perPage: Int) -> String { "orgs/acme/repos?per_page=\(perPage)&page=1" }

  /// The `Link` URL of page `number`, as a server that hands out 2 a page spells it.
  func page(_ number: Int) -> String {
    "https://api.test/organizations/7/repos?per_page=2&page=\(number)"
  }

  func repositories(_ names: String) -> RepositoryList {
    RepositoryList(
      try! RepositoriesPage(body: Data(body(names).utf8)).repositories(sanitizer: sanitizer))
  }

  func body(_ names: String) -> String {
    let items = names.split(separator: ",").map {
      #"{"name":"\#($0)","stargazers_count":1,"fork":false}"#
    }
    return "[" + items.joined(separator: ",") + "]"
  }

  /// Answers the next request with a page of `names`, linking to page `next` of 3.
  func answer(_ names: String, next: Int? = nil) async {
    var links = ["<\(page(3))>; rel=\"last\""]
    if let next { links.append("<\(page(next))>; rel=\"next\"") }
    await client.respond(headers: ["Link": links.joined(separator: ", ")], body: body(names))
  }

  /// The first page read, of 3 of which the limit needs 2, going on at page 2.
  func afterFirstPage(_ names: String, perPage: Int) -> Step {
    let progress = PageProgress(pagesRead: 1, pageCount: 2, itemCount: 2)
    let resume = PageResume(
      firstPage: firstPage(perPage: perPage), next: URL(string: page(2))!,
      visited: [firstPage(perPage: perPage)], pageCount: 3)
    return Step(
      .loading(cache: nil),
      partial: PartialContent(content: repositories(names), progress: progress, resume: resume),
      progress: progress)
  }

  /// The progress counts the pages the limit needs (from the first page's size), not the
  /// list's: one here, where the list has three.
  func testALimitWithinThePageSizeAsksForThatManyInOneRequest() async {
    await expectLoad(
      limit: 2, answering: [("a,b", 2)], content: "a,b",
      progress: PageProgress(pagesRead: 1, pageCount: 1, itemCount: 2, stoppedAtLimit: 2))
    XCTAssertEqual(client.requested, [firstPage(perPage: 2)], "one request, of 2 rows")
  }

  func testTheLimitCutsThePageThatReachesItAndAsksForNoMore() async {
    await expectLoad(
      limit: 3, answering: [("a,b", 2), ("c,d", 3)], read: [afterFirstPage("a,b", perPage: 3)],
      content: "a,b,c",
      progress: PageProgress(pagesRead: 2, pageCount: 2, itemCount: 3, stoppedAtLimit: 3))
    XCTAssertEqual(client.requested, [firstPage(perPage: 3), page(2)], "page 3 is not asked for")
  }

  func testAListNoLongerThanTheLimitIsWholeAndSaysNothing() async {
    await expectLoad(
      limit: 4, answering: [("a,b", 2), ("c,d", nil)], read: [afterFirstPage("a,b", perPage: 4)],
      content: "a,b,c,d", progress: PageProgress(pagesRead: 2, pageCount: 2, itemCount: 4))
  }

  func testThePageCapReachedFirstIsTheStopSaid() async {
    await expectLoad(
      limit: 5, pageCap: 1, answering: [("a,b", 2)], content: "a,b",
      progress: PageProgress(pagesRead: 1, pageCount: 3, itemCount: 2, stoppedAtCap: 1))
    XCTAssertEqual(client.requested, [firstPage(perPage: 5)])
  }

  /// Loads with `limit` and `pageCap`, answering a page of each of `pages` (linking to page
  /// `next` when there is one), and expects the steps from the start: loading, `read`, then
  /// success with the repositories `content` and `progress`.
  private func expectLoad(
    limit: Int, pageCap: Int = 100, answering pages: [(names: String, next: Int?)],
    read: [Step] = [], content: String, progress: PageProgress
  ) async {
    let loader = makeLoader(limit: limit, pageCap: pageCap)
    let steps = LoaderStateRecorder(loader)
    loader.load()
    for page in pages { await answer(page.names, next: page.next) }
    await steps.expectPages(
      [Step(.initial), Step(.loading(cache: nil))] + read
        + [Step(.success(content: repositories(content)), progress: progress)],
      timeout: .seconds(10))
  }

  func testWithoutALimitPagesAskForAHundred() {
    let loader = makeLoader(limit: nil)
    XCTAssertEqual(
      loader.firstPage(.user).url.absoluteString, "users/acme/repos?per_page=100&page=1")
    XCTAssertEqual(makeLoader(limit: 250).perPage, 100)
  }
}
