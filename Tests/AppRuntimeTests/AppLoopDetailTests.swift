import ApexyHTTP
import ApexyLoader
import AppFormats
import AppModel
import AppRendering
import AppRuntime
import AppTestSupport
import GitHubAPI
import XCTest

/// The loop and the detail loaders: Enter sends one detail request through the loader kept
/// under the repository's key, the detail view and the inspector observe it by name, Esc lets
/// go of it, and opening the same repository again reuses the same loader.
@MainActor
final class AppLoopDetailTests: XCTestCase {
  private func started() async -> LoopHarness {
    let app = LoopHarness(columns: 100, rows: 26)
    app.loop.start()
    app.loop.send(.key(.character("f")))
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    let page = RepositoriesPage(
      body: Data(#"[{"name":"Apexy","stargazers_count":207},{"name":"ios-interview"}]"#.utf8))
    await app.complete("page=1", with: .success(page))
    return app
  }

  func testEnterSendsOneDetailRequestObservedOnceAndShownByTheViewAndTheInspector() async throws {
    let app = await started()
    app.loop.send(.key(.tab))
    app.loop.send(.key(.enter))
    XCTAssertEqual(app.client.pendingPaths, ["repos/RedMadRobot/Apexy"])
    XCTAssertEqual(app.loop.state.inspector.observers[.repository], ["app loop"])
    XCTAssertTrue(app.lastFrame.contains("Loading details…"), app.lastFrame)
    let loader = try XCTUnwrap(app.loaders.details.loader(for: "RedMadRobot/Apexy"))
    XCTAssertEqual(loader.observerNames, ["app loop"])

    let details = Repository(
      name: "Apexy", stargazersCount: 207,
      details: RepositoryDetails(fullName: "RedMadRobot/Apexy", subscribersCount: 9))
    await app.complete("repos/RedMadRobot/Apexy", with: .success(details))
    XCTAssertTrue(app.lastFrame.contains("Watchers    9"), app.lastFrame)

    app.loop.send(.key(.escape))
    XCTAssertEqual(loader.observerNames, [], "closed, nobody observes it")
    XCTAssertNil(app.loop.state.inspector.observers[.repository])
    app.loop.send(.key(.enter))
    XCTAssertEqual(app.loaders.details.keys, ["RedMadRobot/Apexy"], "the same loader, reused")
    XCTAssertEqual(app.client.pendingPaths, ["repos/RedMadRobot/Apexy"], "and loaded again")
    XCTAssertTrue(
      app.lastFrame.contains("Watchers    9"), "what it loaded before shows while it reloads")
  }

  func testWhatTheStoresKeepReachesTheInspectorAsTheyChangeNotWhenAsked() async throws {
    let app = await started()
    app.loop.send(.key(.tab))
    app.loop.send(.key(.enter))
    await mainQueueTurn()
    XCTAssertEqual(app.loop.state.kept.details, ["RedMadRobot/Apexy"], "made: told")
    app.loop.send(.key(.escape))
    // Another part of the program removes the loader: the loop did nothing to learn of it.
    app.loaders.details.store.remove("RedMadRobot/Apexy")
    await mainQueueTurn()
    XCTAssertEqual(app.loop.state.kept.details, [], "removed: told")
    XCTAssertEqual(app.loop.state.kept.owners, ["RedMadRobot"])
  }

  func testTheInspectorNamesWhoReadsTheOpenDetailLoader() async throws {
    let app = await started()
    app.loop.send(.key(.tab))
    app.loop.send(.key(.enter))
    app.loop.send(.key(.escape))
    app.loop.send(.key(.character("i")))
    app.loop.send(.key(.enter))
    let row = InspectorView.table(app.loop.state).last ?? ""
    XCTAssertTrue(row.hasPrefix("repository "), row)
    XCTAssertTrue(row.hasSuffix("detail view, inspector (app loop): Apexy"), row)
  }
}
