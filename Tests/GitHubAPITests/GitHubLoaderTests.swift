import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The shared loaders against the built-in server with zero latency.
@MainActor
final class GitHubLoaderTests: XCTestCase {
  private func serve(_ options: DemoServer.Options = .init()) throws -> (DemoServer, URL) {
    let server = DemoServer(options: options.withoutDelays)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    return (server, url)
  }

  private func settle<T: Sendable & Equatable>(_ loader: ContentLoader<T>) async
    -> LoadingState<T>
  {
    for await state in loader.states where !state.isLoading {
      if case .initial = state { continue }
      return state
    }
    return loader.state
  }

  func testMultiPageOrganizationArrivesWholeAndInOrder() async throws {
    var options = DemoServer.Options()
    options.maximumPageSize = 7
    let (server, url) = try serve(options)
    let container = GitHubLoaders(
      testing: GitHubConfiguration(baseURL: url, owner: "RedMadRobot", ownerKind: .organization))
    container.firstOwner.repositories.load()
    container.firstOwner.owner.load()
    let repositories = await settle(container.firstOwner.repositories).content
    _ = await settle(container.firstOwner.owner)
    XCTAssertEqual(repositories?.map(\.name), DemoFixtures.repositories.map(\.name))
    let pages = server.requests.filter { $0.path.hasSuffix("/repos") }
    XCTAssertEqual(pages.map { $0.queryValue("page") }, ["1", "2", "3", "4", "5", "6"])
    XCTAssertEqual(pages.first?.queryValue("per_page"), "100")
    guard case .success(let merged) = container.mergedState else {
      return XCTFail("merged state is \(container.mergedState)")
    }
    XCTAssertEqual(merged.owner.displayName, "Red Mad Robot")
    XCTAssertEqual(merged.repositories.count, 36)
  }

  func testRequestsCarryGitHubHeadersAndTheToken() async throws {
    let (server, url) = try serve()
    let container = GitHubLoaders(
      testing: GitHubConfiguration(
        baseURL: url, owner: "RedMadRobot", ownerKind: .organization, token: "t0ken"))
    container.firstOwner.owner.load()
    _ = await settle(container.firstOwner.owner)
    let headers = try XCTUnwrap(server.requests.first?.headers)
    XCTAssertEqual(headers["user-agent"], "GitHubAPITests/1", "the program's own name")
    XCTAssertEqual(headers["accept"], "application/vnd.github+json")
    XCTAssertEqual(headers["x-github-api-version"], "2022-11-28")
    XCTAssertEqual(headers["authorization"], "Bearer t0ken")
  }

  func testNoTokenMeansNoAuthorization() async throws {
    let (server, url) = try serve()
    let container = GitHubLoaders(
      testing: GitHubConfiguration(baseURL: url, owner: "RedMadRobot", ownerKind: .organization))
    container.firstOwner.owner.load()
    _ = await settle(container.firstOwner.owner)
    XCTAssertNil(server.requests.first?.headers["authorization"])
  }

  func testUnknownOrganizationIsATypedNotFound() async throws {
    let (_, url) = try serve()
    let container = GitHubLoaders(
      testing: GitHubConfiguration(baseURL: url, owner: "nobody", ownerKind: .organization))
    container.firstOwner.owner.load()
    let state = await settle(container.firstOwner.owner)
    XCTAssertEqual(state.error as? GitHubError, .notFound(org: "nobody"))
  }

  func testOutageFailsAndKeepsTheCacheThenRecovers() async throws {
    let (server, url) = try serve()
    let container = GitHubLoaders(
      testing: GitHubConfiguration(baseURL: url, owner: "RedMadRobot", ownerKind: .organization))
    let loader = container.firstOwner.repositories
    loader.load()
    let first = await settle(loader)
    XCTAssertEqual(first.content?.count, 36)
    server.outage = true
    loader.load()
    XCTAssertEqual(loader.state, .loading(cache: first.content))
    let failed = await settle(loader)
    guard case .failure(let error, let cache) = failed else {
      return XCTFail("the outage did not fail: \(failed)")
    }
    XCTAssertEqual(
      error as? GitHubError, .server(status: 503, message: "Service Unavailable (simulated outage)")
    )
    XCTAssertEqual(cache, first.content, "the list loaded before is kept")
    server.outage = false
    loader.load()
    let recovered = await settle(loader)
    XCTAssertEqual(recovered, .success(content: first.content!))
  }

  func testEveryObserverOfTheSharedLoaderSeesTheSameStates() async throws {
    let (_, url) = try serve()
    let container = GitHubLoaders(
      testing: GitHubConfiguration(baseURL: url, owner: "RedMadRobot", ownerKind: .organization))
    let loader = container.firstOwner.repositories
    var first: [LoadingState<RepositoryList>] = []
    var second: [LoadingState<RepositoryList>] = []
    let observations = [
      loader.observe { first.append(loader.state) },
      container.firstOwner.repositories.observe {
        second.append(container.firstOwner.repositories.state)
      },
    ]
    container.firstOwner.repositories.load()
    _ = await settle(loader)
    // The fixtures come in 4 pages: loading, a notification for each of the first 3 pages
    // (the partial content; the state stays loading), then success.
    XCTAssertEqual(first.count, 5, "one notification per change and per page before the last")
    XCTAssertEqual(first, second)
    XCTAssertEqual(first.dropLast(), Array(repeating: .loading(cache: nil), count: 4))
    XCTAssertEqual(first.last?.content?.map(\.name), DemoFixtures.repositories.map(\.name))
    withExtendedLifetime(observations) {}
  }
}
