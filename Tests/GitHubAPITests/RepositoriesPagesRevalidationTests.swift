import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import GitHubAPI

// `RepositoriesLoader` page by page with `policies.revalidates`: the pages a reload confirms
// with 304s are reported as they are reused.

extension RepositoriesPagesTests {
  func testARevalidatedReloadReportsTheKeptPagesAndKeepsTheListAsItIs() async {
    let loader = makeLoader()
    loader.policies = LoaderPolicies(revalidates: true)
    loader.scheduler = ManualScheduler()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    for (names, next) in [("a,b", 2), ("c,d", 3), ("e", nil)] as [(String, Int?)] {
      var headers = ["ETag": "\"\(names)\""]
      if let next { headers["Link"] = "<\(page(next))>; rel=\"next\", <\(page(3))>; rel=\"last\"" }
      await client.respond(headers: headers, body: body(names))
    }
    let all = repositories("a,b,c,d,e")
    let done = Step(.success(content: all), progress: progress(3, of: 3, items: 5))
    await steps.expectPages(
      threePages(from: Step(.initial), cache: nil), timeout: .seconds(10))

    loader.load()
    for _ in 0..<3 { await client.respond(status: 304, body: "") }
    await steps.expectPages(
      threePages(from: done, cache: all), timeout: .seconds(10))
    XCTAssertEqual(loader.lastPageCounts, PageCounts(decoded: 0, reused: 3))
  }
}

extension RepositoriesPagesTests {
  /// Answers a page of `names` with its ETag, linking to `next` of 3 pages.
  private func answerTagged(_ names: String, next: Int?) async {
    var headers = ["ETag": "\"\(names)\""]
    if let next { headers["Link"] = "<\(page(next))>; rel=\"next\", <\(page(3))>; rel=\"last\"" }
    await client.respond(headers: headers, body: body(names))
  }

  func testAResumedRevalidatedLoadKeepsThePagesItCarriedForThe304sAfter() async {
    let loader = makeLoader()
    loader.policies = LoaderPolicies(revalidates: true)
    loader.scheduler = ManualScheduler()
    let steps = LoaderStateRecorder(loader)
    loader.load()
    await answerTagged("a,b", next: 2)
    await client.respond(status: 502, body: "")
    let all = repositories("a,b,c,d,e")
    let done = Step(.success(content: all), progress: progress(3, of: 3, items: 5))
    let first = stoppedAfterPageOne(GitHubError.server(status: 502, message: "Bad Gateway"))
    let stopped = first[3]
    await steps.expectPages(first, timeout: .seconds(10))

    loader.load()
    await answerTagged("c,d", next: 3)
    await answerTagged("e", next: nil)
    await steps.expectPages(
      [
        stopped,
        Step(.loading(cache: nil), partial: stopped.partial, progress: stopped.progress),
        partial(.loading(cache: nil), "a,b,c,d", progress(2, of: 3, items: 4)),
        done,
      ], timeout: .seconds(10))

    loader.load()
    var sent: [String?] = []
    for _ in 0..<3 {
      await client.respond(status: 304, body: "")
      sent.append(client.lastRequest?.value(forHTTPHeaderField: "If-None-Match"))
    }
    await steps.expectPages(
      threePages(from: done, cache: all), timeout: .seconds(10))
    XCTAssertEqual(sent, ["\"a,b\"", "\"c,d\"", "\"e\""], "page 1 kept from the stopped load")
    XCTAssertEqual(loader.lastPageCounts, PageCounts(decoded: 0, reused: 3))
  }
}
