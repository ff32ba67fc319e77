import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import AppRuntime
@testable import GitHubAPI

/// The loop over a list read page by page: each page read reaches the screen through the
/// repositories loader's feed, a failure part-way keeps the rows, and `r` goes on from the
/// first page not read.
@MainActor
final class AppLoopPagesTests: XCTestCase {
  private var app: LoopHarness!
  private let base = "http://127.0.0.1:8080/orgs/RedMadRobot/repos?per_page=100&page="

  override func setUp() async throws {
    await MainActor.run {
      app = LoopHarness(columns: 100, rows: 12)
      app.loop.start()
    }
  }

  /// Page `number` of 3, with `names` on it.
  private func page(_ number: Int, _ names: [String]) -> RepositoriesPage {
    let objects = names.map { #"{"name":"\#($0)","stargazers_count":1}"# }
    let body = Data(("[" + objects.joined(separator: ",") + "]").utf8)
    let next = number < 3 ? URL(string: base + "\(number + 1)") : nil
    return RepositoriesPage(body: body, links: PageLinks(next: next, last: URL(string: base + "3")))
  }

  private var statusBar: String { app.screen.frames.last?.last ?? "" }

  func testEachPageShowsAFailureKeepsTheRowsAndReloadGoesOnFromThePageMissing() async {
    app.loop.send(.key(.character("f")))
    await app.complete("orgs/RedMadRobot", with: .success(Fixture.organization))
    await app.complete("page=1", with: .success(page(1, ["alpha", "beta"])))
    XCTAssertTrue(statusBar.contains("repos 2 so far · page 1/3"), statusBar)
    XCTAssertEqual(
      app.lastFrame.components(separatedBy: "alpha").count - 1, 2, "both panes list the row")
    XCTAssertEqual(app.client.pendingPaths, [base + "2"])

    await app.complete("page=2", with: .failure(URLError(.networkConnectionLost)))
    XCTAssertEqual(
      app.screen.frames.last?.prefix(5),
      [
        "┌ Fetch ─────────────────────────────────────────┐┌ Result ────────────────────────────────────────┐",
        "│ [ Fetch ]                                      ││ ✗ The connection to 127.0.0.1:8080 was lost.   │",
        "│                                                ││ Stopped after 1 of 3 pages (2 shown).          │",
        "│ ✗ The connection to 127.0.0.1:8080 was lost.   ││ Repositories:                                  │",
        "│ Stopped after 1 of 3 pages (2 shown).          ││ alpha                                       ★1 │",
      ])
    XCTAssertEqual(app.lastFrame.components(separatedBy: "beta").count - 1, 2, "rows kept")

    app.loop.send(.key(.character("r")))
    XCTAssertEqual(app.client.pendingPaths, [base + "2"], "the reload goes on from page 2")
    await app.complete("page=2", with: .success(page(2, ["gamma"])))
    XCTAssertTrue(statusBar.contains("repos 3 so far · page 2/3"), statusBar)
    await app.complete("page=3", with: .success(page(3, ["delta"])))
    XCTAssertTrue(statusBar.contains("RedMadRobot ✓ just now │ repos ✓ just now"), statusBar)
    XCTAssertEqual(
      app.lastFrame.components(separatedBy: "delta").count - 1, 2, "the last page in both panes")
  }
}
