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

  /// The server's links are untrusted: one to a file, another scheme or another host is not
  /// followed, and says which page gave it.
  func testALinkOffTheWebOrToAnotherOriginIsRefused() {
    let first = url("https://api.test/orgs/x/repos?page=1")
    for link in [
      "file:///etc/passwd", "ftp://api.test/orgs/x/repos?page=2",
      "https://elsewhere.test/orgs/x/repos?page=2", "http://api.test/orgs/x/repos?page=2",
    ] {
      var walk = PageWalk(firstPage: first, pageCap: 10)
      XCTAssertEqual(
        walk.read(first, links: PageLinks(next: url(link))), .refused(page: 1, link: url(link)),
        link)
    }
    var walk = PageWalk(firstPage: first, pageCap: 10)
    let same = url("https://API.test:443/organizations/7/repos?page=2")
    XCTAssertEqual(walk.read(first, links: PageLinks(next: same)), .next(same))
    var relative = PageWalk(firstPage: url("items"), pageCap: 10)
    XCTAssertEqual(
      relative.read(url("items"), links: PageLinks(next: url("file:///x"))),
      .refused(page: 1, link: url("file:///x")), "a page asked for relatively: the scheme")
  }

  /// A link relative to its page (as the Link header may give it) is on the page's origin and
  /// followed; a relative one that names another host is not.
  func testARelativeLinkIsFollowedUnlessItNamesAHost() {
    let first = url("https://api.test/orgs/x/repos?page=1")
    for link in ["repos?page=2", "/orgs/x/repos?page=2", "?page=2"] {
      var walk = PageWalk(firstPage: first, pageCap: 10)
      XCTAssertEqual(walk.read(first, links: PageLinks(next: url(link))), .next(url(link)), link)
    }
    var walk = PageWalk(firstPage: first, pageCap: 10)
    let other = url("//elsewhere.test/orgs/x/repos?page=2")
    XCTAssertEqual(
      walk.read(first, links: PageLinks(next: other)), .refused(page: 1, link: other))
  }
}
