import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The listing of the `GitHubAPI` landing page, as written there but for the API's address:
/// the built-in server's instead of `api.github.com`.
@MainActor
final class DocsGitHubAPITests: XCTestCase {
  func testTheLandingPageListing() async throws {
    let server = DemoServer(options: .init(organizationLatency: 0, repositoriesLatency: 0))
    let url = try server.start()
    defer { server.stop() }
    var printed: [LoadingState<RepositoryList>] = []

    let configuration = GitHubConfiguration(
      baseURL: url, owner: "RedMadRobot",
      ownerKind: .organization)
    let loaders = GitHubLoaders(
      client: configuration.makeClient(userAgent: "MyApp/1"), configuration: configuration)

    let robots = loaders.owner("RedMadRobot", kind: .organization)
    let observation = robots.repositories.observe {
      printed.append(robots.repositories.state)  // .loading, then each page's rows, then .success
    }
    robots.fetchBoth()
    XCTAssertTrue(loaders.owner("redmadrobot") === robots)  // true: one owner, whatever the case

    for await state in robots.repositories.states where state.content != nil { break }
    XCTAssertEqual(printed.first?.isLoading, true)
    XCTAssertEqual(printed.last?.content?.count, 36, "the fixtures' 36 repositories")
    _ = observation
  }
}
