import ApexyLoader
import AppModel
import AppRuntime
import AppTestSupport
import Foundation
import GitHubAPI
import XCTest

/// The loop and owners: `@` switches both panes to another owner's loaders (kept by key), `-`
/// brings the owner before back in the next frame from the loaders it kept, and an answer for
/// an owner no longer shown never reaches the screen.
@MainActor
final class AppLoopOwnerTests: XCTestCase {
  private let alice = Owner(login: "alice", name: "Alice Liddell", kind: .user)

  private func page(_ names: [String]) -> RepositoriesPage {
    let objects = names.map { #"{"name":"\#($0)","stargazers_count":1}"# }
    return RepositoriesPage(body: Data(("[" + objects.joined(separator: ",") + "]").utf8))
  }

  private func started() async -> LoopHarness {
    let app = LoopHarness(columns: 100, rows: 16)
    app.loop.start()
    app.loop.send(.key(.character("f")))
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    await app.complete("page=1", with: .success(page(["Apexy", "ios-interview"])))
    return app
  }

  private func open(_ login: String, in app: LoopHarness) {
    app.loop.send(.key(.character("@")))
    for character in login { app.loop.send(.key(.character(character))) }
    app.loop.send(.key(.enter))
  }

  func testAnotherOwnerLoadsItsKindFirstThenItsListBothPanesSpinning() async throws {
    let app = await started()
    let frames = app.screen.frames.count + "@alice".count
    open("alice", in: app)
    XCTAssertEqual(app.client.pendingPaths, ["users/alice"], "the repositories wait for the kind")
    // The first frame after Enter already spins: never "nothing loaded" for an instant.
    let first = app.screen.frames[frames].joined(separator: "\n")
    XCTAssertFalse(first.contains("Apexy"), "nothing of the owner left")
    XCTAssertFalse(first.contains("Nothing loaded yet"), first)
    XCTAssertEqual(first.components(separatedBy: "Loading…").count - 1, 2, first)
    await app.complete("users/alice", with: .success(alice))
    XCTAssertEqual(app.client.pendingPaths, ["users/alice/repos?per_page=100&page=1"])
    await app.complete("page=1", with: .success(page(["dotfiles"])))
    XCTAssertTrue(app.lastFrame.contains("Repositories of Alice Liddell (user):"), app.lastFrame)
    XCTAssertTrue(app.lastFrame.contains("alice (user) ✓"), app.lastFrame)
    XCTAssertTrue(app.lastFrame.contains("dotfiles"), app.lastFrame)
  }

  func testGoingBackDrawsTheKeptListsInTheNextFrameAndRevalidates() async throws {
    let app = await started()
    let first = app.loaders.owner("RedMadRobot")
    open("alice", in: app)
    await app.complete("users/alice", with: .success(alice))
    await app.complete("page=1", with: .success(page(["dotfiles"])))
    let frames = app.screen.frames.count
    app.loop.send(.key(.character("-")))
    // The first frame after the key, before any answer or event of the loaders.
    let frame = app.screen.frames[frames].joined(separator: "\n")
    XCTAssertTrue(frame.contains("Apexy") && frame.contains("ios-interview"), frame)
    XCTAssertFalse(frame.contains("dotfiles"), "never a mix of two owners")
    XCTAssertFalse(frame.contains("Loading…"), "no spinner: the revalidation shows next")
    XCTAssertTrue(app.loaders.owner("RedMadRobot") === first, "the same loaders, kept by key")
    XCTAssertEqual(
      Set(app.client.pendingPaths),
      ["orgs/RedMadRobot", "orgs/RedMadRobot/repos?per_page=100&page=1"],
      "and revalidated")
    XCTAssertEqual(app.loop.state.kept.owners, ["alice", "RedMadRobot"])
  }

  func testALateAnswerForTheOwnerLeftIsKeptButNeverShown() async throws {
    let app = LoopHarness(columns: 100, rows: 16)
    app.loop.start()
    app.loop.send(.key(.character("f")))
    open("alice", in: app)
    let redMadRobot = app.loaders.owner("RedMadRobot")
    app.client.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    app.client.complete(
      "orgs/RedMadRobot/repos?per_page=100&page=1", with: .success(page(["late"])))
    await app.settle { redMadRobot.repositories.state.content != nil }
    XCTAssertEqual(redMadRobot.repositories.state.content?.map(\.name), ["late"], "it finished")
    XCTAssertFalse(app.lastFrame.contains("late"), app.lastFrame)
    XCTAssertEqual(app.loop.state.repositories.state, .loading(cache: nil), "alice still loads")
    app.loop.send(.key(.character("-")))
    XCTAssertTrue(app.lastFrame.contains("late"), "shown when its owner is: " + app.lastFrame)
  }
}
