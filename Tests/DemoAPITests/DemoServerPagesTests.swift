import ApexyLoader
import Foundation
import GitHubAPI
import XCTest

@testable import DemoAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The repositories route over HTTP: how many pages, in which order, and their `Link` headers.
final class DemoServerPagesTests: XCTestCase {
  private struct Item: Decodable {
    let id: Int
    let name: String
  }

  private struct Page {
    let items: [Item]
    let link: String?
  }

  private func serve(_ options: DemoServer.Options) throws -> URL {
    let server = DemoServer(options: options.withoutDelays)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    return url
  }

  private func get(_ url: URL) async throws -> Page {
    let (data, response) = try await URLSession.shared.data(from: url)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    XCTAssertEqual(http.statusCode, 200)
    return Page(
      items: try JSONDecoder().decode([Item].self, from: data),
      link: http.value(forHTTPHeaderField: "Link"))
  }

  /// Follows `rel="next"` from the first page, as GitHub's clients do, and returns every page.
  private func allPages(_ base: URL) async throws -> [Page] {
    var next = URL(string: "\(base.absoluteString)/orgs/RedMadRobot/repos?per_page=100&page=1")
    var pages: [Page] = []
    while let url = next, pages.count < 1_000 {
      let page = try await get(url)
      pages.append(page)
      next = page.link.flatMap(LinkHeader.next)
    }
    return pages
  }

  private func link(_ base: URL, size: Int, _ pairs: [(Int, String)]) -> String {
    pairs.map {
      "<\(base.absoluteString)/orgs/RedMadRobot/repos?per_page=\(size)&page=\($0.0)>; rel=\"\($0.1)\""
    }
    .joined(separator: ", ")
  }

  func testTenThousandRepositoriesComeInOneHundredPagesOfOneHundredInOrder() async throws {
    let base = try serve(DemoServer.Options(repositoryCount: 10_000))
    let pages = try await allPages(base)
    XCTAssertEqual(pages.count, 100, "within the client's default cap of 100 pages")
    XCTAssertEqual(Set(pages.map(\.items.count)), [100])
    let items = pages.flatMap(\.items)
    XCTAssertEqual(items.map(\.id), Array(10_000_000..<10_010_000))
    XCTAssertEqual(items.map(\.name), (0..<10_000).map { DemoRepository(index: $0).name })
    XCTAssertEqual(items[36].name, "Apexy-1")
    XCTAssertEqual(items[9_999].name, "scrum-poker-277")
    XCTAssertEqual(pages[0].link, link(base, size: 100, [(2, "next"), (100, "last")]))
    XCTAssertEqual(
      pages[49].link,
      link(base, size: 100, [(51, "next"), (100, "last"), (49, "prev"), (1, "first")]))
    XCTAssertEqual(pages[99].link, link(base, size: 100, [(99, "prev"), (1, "first")]))
  }

  func testTheFixturesStillComeInFourPagesOfTen() async throws {
    let base = try serve(DemoServer.Options())
    let pages = try await allPages(base)
    XCTAssertEqual(pages.map(\.items.count), [10, 10, 10, 6])
    XCTAssertEqual(pages.flatMap(\.items).map(\.name), DemoFixtures.repositories.map(\.name))
    XCTAssertEqual(pages[0].link, link(base, size: 10, [(2, "next"), (4, "last")]))
    XCTAssertEqual(pages[3].link, link(base, size: 10, [(3, "prev"), (1, "first")]))
  }

  func testAGivenPageSizeWinsOverTheDefault() async throws {
    let base = try serve(DemoServer.Options(maximumPageSize: 10, repositoryCount: 1_500))
    let first = try await get(
      URL(string: "\(base.absoluteString)/orgs/RedMadRobot/repos?per_page=100&page=1")!)
    XCTAssertEqual(first.items.count, 10)
    XCTAssertEqual(first.link, link(base, size: 10, [(2, "next"), (150, "last")]))
  }

  func testThePageSizeGrowsToOneHundredOnlyWhenTheDefaultCapNeedsIt() {
    XCTAssertEqual(DemoServer.Options.pagesAtDefaultSize, GitHubConfiguration.defaultPageCap)
    let sizes = [nil, 0, 1_000, 1_001, 10_000, 100_000].map {
      DemoServer.Options(repositoryCount: $0).maximumPageSize
    }
    XCTAssertEqual(sizes, [10, 10, 10, 100, 100, 100])
  }
}
