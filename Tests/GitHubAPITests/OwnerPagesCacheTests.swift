import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// A user's repository pages revalidate after a restart as an organization's do, whether the
/// owner's kind was given or learned from the API: every page is answered `304`, nothing is
/// downloaded again.
@MainActor
final class OwnerPagesCacheTests: XCTestCase {
  private let keys = GitHubCacheKeys(namespace: "built-in owner-pages")

  /// Loads `login`'s repositories (and, with its kind not given, its profile first), twice,
  /// each run on a new server and new loaders over the same store; returns the second run's
  /// statuses of the repository pages.
  private func secondRunPages(_ login: String, kind: OwnerKind?) async throws -> [Int] {
    let store = temporaryStore("owner-pages")
    var firstRun: RepositoryList?
    var statuses: [Int] = []
    for run in 1...2 {
      let (server, url) = try serveBuiltIn()
      let loaders = GitHubLoaders(
        testing: GitHubConfiguration(
          baseURL: url, owner: GitHubLogin(login), ownerKind: kind, retries: 0))
      loaders.attachCache(store: store, keys: keys)
      let loader = loaders.firstOwner.repositories
      loader.load()
      for await state in loader.states where !state.isLoading { break }
      let content = try XCTUnwrap(loader.state.content, "run \(run): \(loader.state)")
      XCTAssertEqual(content, firstRun ?? content, "run \(run) lists what run 1 did")
      firstRun = content
      await loaders.flush()
      statuses = server.requests.filter { $0.path.hasSuffix("/repos") }.map {
        $0.headers["if-none-match"] == nil ? 200 : 304
      }
    }
    return statuses
  }

  func testAUsersPagesAreRevalidatedAfterARestart() async throws {
    let asked = try await secondRunPages("bob-builder", kind: .user)
    XCTAssertEqual(asked, [304, 304], "bob-builder's 2 pages, each asked with its ETag")
  }

  func testAnOwnerWhoseKindIsLearnedRevalidatesItsPagesToo() async throws {
    let asked = try await secondRunPages("bob-builder", kind: nil)
    XCTAssertEqual(asked, [304, 304])
    let organization = try await secondRunPages("swift-tools", kind: nil)
    XCTAssertEqual(organization, [304, 304, 304], "swift-tools' 3 pages")
  }

  func testAnOrganizationsPagesStillAre() async throws {
    let asked = try await secondRunPages("swift-tools", kind: .organization)
    XCTAssertEqual(asked, [304, 304, 304])
  }
}
