import ApexyLoader
import XCTest

@testable import ApexyHTTP
@testable import AppCore
@testable import GitHubAPI

/// The loop and the detail loaders: Enter sends one detail request through the loader kept
/// under the repository's key, the detail view and the inspector observe it by name, Esc lets
/// go of it, and opening the same repository again reuses the same loader.
@MainActor
final class AppLoopDetailTests: XCTestCase {
  private func started() -> (AppLoop, FakeTerminal, FakeClient, RepositoryDetailLoaders) {
    let terminal = FakeTerminal(size: Size(columns: 100, rows: 26))
    let client = FakeClient()
    let pair = LoaderPair(
      organization: OrganizationLoader(
        apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()),
      repositories: RepositoriesLoader(
        apiClient: client, org: "RedMadRobot", sanitizer: TextSanitizer()))
    let store = RepositoryDetailLoaders(client: client, sanitizer: TextSanitizer())
    let clock = FakeClock(Fixture.now)
    let loop = AppLoop(
      state: Fixture.state(columns: 100, rows: 26), terminal: terminal, loaders: pair,
      scheduler: FakeScheduler(), clock: { clock.now }, details: store)
    loop.start()
    loop.send(
      .loadersChanged(
        organization: .success(content: Fixture.organization),
        repositories: .success(content: Fixture.repositories), at: Fixture.now))
    return (loop, terminal, client, store)
  }

  func testEnterSendsOneDetailRequestObservedByTheViewAndTheInspector() async throws {
    let (loop, terminal, client, store) = started()
    loop.send(.key(.tab))
    loop.send(.key(.enter))
    XCTAssertEqual(client.pendingPaths, ["repos/RedMadRobot/Apexy"])
    XCTAssertEqual(loop.state.inspector.observers[.repository], ["detail view", "inspector"])
    XCTAssertTrue(terminal.frames.last!.joined().contains("Loading details…"))
    let loader = try XCTUnwrap(store.loader(for: "RedMadRobot/Apexy"))
    XCTAssertEqual(loader.observerNames, ["detail view", "inspector"])

    let arrived = expectation(description: "the details arrive")
    terminal.onFrame = { lines in
      if lines.contains(where: { $0.contains("Watchers    9") }) { arrived.fulfill() }
    }
    let details = Repository(
      name: "Apexy", stargazersCount: 207,
      details: RepositoryDetails(fullName: "RedMadRobot/Apexy", subscribersCount: 9))
    client.complete("repos/RedMadRobot/Apexy", with: .success(details))
    await fulfillment(of: [arrived], timeout: 5)

    loop.send(.key(.escape))
    XCTAssertEqual(loader.observerNames, [], "closed, nobody observes it")
    XCTAssertNil(loop.state.inspector.observers[.repository])
    loop.send(.key(.enter))
    XCTAssertEqual(store.keys, ["RedMadRobot/Apexy"], "the same loader, reused")
    XCTAssertEqual(client.pendingPaths, ["repos/RedMadRobot/Apexy"], "and loaded again")
    XCTAssertTrue(
      terminal.frames.last!.joined().contains("Watchers    9"),
      "what it loaded before shows while it reloads")
  }
}
