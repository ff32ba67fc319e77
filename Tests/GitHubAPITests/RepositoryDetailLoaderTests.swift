import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The detail loaders against the built-in server with zero latency: one keyed loader per
/// repository, `GET /repos/{owner}/{name}`, revalidated when opened again.
@MainActor
final class RepositoryDetailLoaderTests: XCTestCase {
  private func serve() throws -> (DemoServer, GitHubLoaders) {
    let server = DemoServer(options: DemoServer.Options().withoutDelays)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    let loaders = GitHubLoaders(
      testing: GitHubConfiguration(
        baseURL: url, owner: "RedMadRobot", ownerKind: .organization, retries: 0))
    return (server, loaders)
  }

  private func settle(_ loader: RepositoryDetailLoader) async -> LoadingState<Repository> {
    for await state in loader.states where !state.isLoading {
      if case .initial = state { continue }
      return state
    }
    return loader.state
  }

  func testDetailRequestBringsTheFieldsOnlyTheSingleRepositoryAnswerHas() async throws {
    let (server, loaders) = try serve()
    let loader = try XCTUnwrap(loaders.details.loader(for: "RedMadRobot/Apexy"))
    loader.load()
    let settled = await settle(loader)
    let repository = try XCTUnwrap(
      settled.content, "settled as \(settled); requests: \(server.requests.map(\.path))")
    XCTAssertEqual(server.requests.map(\.path), ["/repos/RedMadRobot/Apexy"])
    XCTAssertEqual(repository.fullName, "RedMadRobot/Apexy")
    XCTAssertEqual(repository.stargazersCount, 207)
    XCTAssertEqual(repository.forksCount, 207 / 7)
    XCTAssertEqual(repository.networkCount, 207 / 7 + 1)
    XCTAssertEqual(repository.subscribersCount, 207 / 20)
    XCTAssertEqual(repository.htmlURL?.absoluteString, "https://github.com/RedMadRobot/Apexy")
  }

  func testOneLoaderPerKeyReusedAndRevalidatedWhenOpenedAgain() async throws {
    let (server, loaders) = try serve()
    let first = try XCTUnwrap(loaders.details.loader(for: "RedMadRobot/Apexy"))
    first.load()
    let loaded = await settle(first).content
    let again = try XCTUnwrap(loaders.details.loader(for: "RedMadRobot/Apexy"))
    XCTAssertTrue(first === again)
    XCTAssertFalse(first === loaders.details.loader(for: "RedMadRobot/PSCodeScanner"))
    again.load()
    let reloaded = await settle(again)
    XCTAssertEqual(reloaded.content, loaded)
    XCTAssertEqual(again.freshness.wasNotModified, true)
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(
      loaders.details.keys, ["RedMadRobot/Apexy", "RedMadRobot/PSCodeScanner"])
  }

  func testUnknownRepositoryAndOutageFailTheLoader() async throws {
    let (server, loaders) = try serve()
    let missing = try XCTUnwrap(loaders.details.loader(for: "RedMadRobot/nothing"))
    missing.load()
    let notFound = await settle(missing)
    XCTAssertNotNil(notFound.error)
    server.outage = true
    let apexy = try XCTUnwrap(loaders.details.loader(for: "RedMadRobot/Apexy"))
    apexy.load()
    let error = await settle(apexy).error as? GitHubError
    XCTAssertEqual(
      error, .server(status: 503, message: "Service Unavailable (simulated outage)"))
  }

  func testAKeyThatIsNotOwnerSlashNameMakesNoLoader() throws {
    let (_, loaders) = try serve()
    XCTAssertNil(loaders.details.loader(for: "Apexy"))
    XCTAssertNil(loaders.details.loader(for: "a/b/c"))
    XCTAssertNil(loaders.details.loader(for: "/Apexy"))
    XCTAssertEqual(loaders.details.keys, [])
  }
}
