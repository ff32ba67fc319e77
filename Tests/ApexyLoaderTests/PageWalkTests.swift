import ApexyLoader
import Foundation
import XCTest

/// What `PageWalk` calls a link back, and what it does not.
final class PageWalkTests: XCTestCase {
  private func url(_ text: String) -> URL { URL(string: text)! }

  func testALinkToAPageNumberReadIsALoopHoweverItIsSpelled() {
    var walk = PageWalk(firstPage: url("orgs/x/repos?page=1"), pageCap: 10)
    let second = url("https://api.test/organizations/7/repos?page=2")
    XCTAssertEqual(
      walk.read(url("orgs/x/repos?page=1"), links: PageLinks(next: second)), .next(second))
    let back = PageLinks(next: url("https://api.test/organizations/7/repos?page=1"))
    XCTAssertEqual(walk.read(second, links: back), .loop(page: 2))
  }

  func testAResumedWalkKnowsThePageNumbersReadBefore() {
    let resume = PageResume(
      firstPage: "list?page=1", next: url("https://h/list?page=2"), visited: ["list?page=1"])
    var walk = PageWalk(resuming: resume, pageCap: 10)
    let back = PageLinks(next: url("https://h/list?per_page=5&page=1"))
    XCTAssertEqual(walk.read(url("https://h/list?page=2"), links: back), .loop(page: 2))
  }

  func testAFirstPageWithoutANumberIsNotTakenForPageOne() {
    // An API that counts from 0 asks for `items` first and links to `items?page=1` next.
    var walk = PageWalk(firstPage: url("items"), pageCap: 10)
    let next = url("https://h/items?page=1")
    XCTAssertEqual(walk.read(url("items"), links: PageLinks(next: next)), .next(next))
    XCTAssertEqual(walk.read(next, links: PageLinks()), .end)
    XCTAssertEqual(
      walk.progress(itemCount: 4), PageProgress(pagesRead: 2, pageCount: 2, itemCount: 4))
  }
}
