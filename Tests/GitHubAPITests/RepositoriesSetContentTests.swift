import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@testable import GitHubAPI

/// Content set by hand while `RepositoriesLoader` walks its pages wins over the pages still to
/// come, and the next load starts over from the first page.
extension RepositoriesPagesTests {
  func testContentSetDuringTheWalkStaysWhenTheNextPageComes() async {
    let (loader, steps) = started()
    await answer("a,b", next: 2, last: 3)
    let pageOne = partial(.loading(cache: nil), "a,b", progress(1, of: 3, items: 2))
    await steps.expectPages(
      [Step(.initial), Step(.loading(cache: nil)), pageOne], timeout: .seconds(10))

    loader.setContent(repositories("x"))
    await answer("c,d", next: 3, last: 3)
    await steps.expectPages([pageOne, Step(.success(content: repositories("x")))])

    loader.load()
    await answer("e")
    await steps.expect(
      [
        .success(content: repositories("x")), .loading(cache: repositories("x")),
        .success(content: repositories("e")),
      ], timeout: .seconds(10))
    XCTAssertEqual(client.requested, [firstPage, page(2), firstPage], "the walk started over")
  }
}
