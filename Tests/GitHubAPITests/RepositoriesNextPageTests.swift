import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// An owner's repositories read a page at a time from the built-in server, as a list that
/// loads as it scrolls reads them: one request a call, every page's rows kept, a failed page
/// read again by the next call.
@MainActor
final class RepositoriesNextPageTests: XCTestCase {
  /// The repositories loader of `swift-tools` (25 repositories, 3 pages of 10), without retries.
  private func loader(_ url: URL) -> RepositoriesLoader {
    GitHubLoaders(
      testing: GitHubConfiguration(
        baseURL: url, owner: "swift-tools", ownerKind: .organization, retries: 0)
    ).firstOwner.repositories
  }

  private func pageRequests(_ server: DemoServer) -> [String] {
    server.requests.filter { $0.path.hasSuffix("/repos") }.map { $0.queryValue("page") ?? "" }
  }

  func testThreeCallsReadThreePagesAndThenThereIsNoNextPage() async throws {
    let (server, url) = try serveBuiltIn()
    let repositories = loader(url)
    XCTAssertTrue(repositories.hasNextPage, "before the first page")
    var counts: [Int] = []
    for _ in 1...3 {
      repositories.loadNextPage()
      let read = try await repositories.value
      counts.append(read.count)
    }
    XCTAssertEqual(counts, [10, 20, 25])
    XCTAssertFalse(repositories.hasNextPage)
    XCTAssertEqual(repositories.pageProgress?.pagesRead, 3)
    XCTAssertEqual(repositories.pageProgress?.pageCount, 3)
    XCTAssertEqual(pageRequests(server), ["1", "2", "3"])
    let all = try await repositories.value
    XCTAssertEqual(Set(all.map(\.name)).count, 25, "each row once")

    // A call with no next page sends nothing and changes nothing.
    repositories.loadNextPage()
    XCTAssertEqual(repositories.state, .success(content: all))
    XCTAssertEqual(pageRequests(server).count, 3)

    // Starting over reads the first page again, and its rows replace the list.
    repositories.resetPages()
    repositories.loadNextPage()
    let again = try await repositories.value
    XCTAssertEqual(again.count, 10)
    XCTAssertEqual(pageRequests(server), ["1", "2", "3", "1"])
  }

  func testAFailedPageKeepsTheRowsAndTheNextCallReadsItAgain() async throws {
    var options = DemoServer.Options(
      organizationLatency: 0, repositoriesLatency: 0, failureMode: .flaky, failingPages: [2])
    options.failureCount = 1
    let server = DemoServer(options: options)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    let repositories = loader(url)

    repositories.loadNextPage()
    let first = try await repositories.value
    XCTAssertEqual(first.count, 10)
    repositories.loadNextPage()
    do {
      _ = try await repositories.value
      XCTFail("page 2 failed once, and the call read it then")
    } catch {
      XCTAssertEqual(repositories.state.content, first, "page 1 kept as the cache")
      XCTAssertTrue(repositories.hasNextPage)
    }
    repositories.loadNextPage()
    let both = try await repositories.value
    XCTAssertEqual(both.count, 20)
    XCTAssertEqual(pageRequests(server), ["1", "2", "2"])
  }
}
