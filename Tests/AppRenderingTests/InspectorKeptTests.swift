import AppTestSupport
import GitHubAPI
import XCTest

@testable import AppModel
@testable import AppRendering

/// The inspector and owners: it lists the loaders kept by key (every owner kept, most recent
/// first, the one shown marked, the detail loaders, and what each store let go of), and counts
/// each owner's requests apart.
final class InspectorKeptTests: XCTestCase {
  func testKeptOwnersAndDetailsWithTheShownOneMarkedAndTheDropped() {
    var state = Fixture.loaded(columns: 100, rows: 40)
    state.ownerLogin = "alice"
    _ = update(
      &state,
      .kept(
        KeptLoaders(
          owners: ["RedMadRobot", "swift-tools", "alice"], observedOwners: ["alice"],
          droppedOwners: ["tiny-org", "carol"], details: ["alice/dotfiles"],
          droppedDetails: ["x/\u{1B}[2Jy"])))
    XCTAssertEqual(
      InspectorView.kept(state),
      [
        "owners kept  3: *alice swift-tools RedMadRobot; dropped: carol tiny-org",
        "details kept 1: alice/dotfiles; dropped: x/^[[2Jy",
      ])
    _ = update(&state, .key(.character("i")))
    let text = Screen.render(state).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("│ owners kept  3: *alice swift-tools RedMadRobot"), text)
  }

  func testRequestCountsAreTheShownOwnersOnly() {
    var state = Fixture.loaded(columns: 100, rows: 30)
    let requests: [(String, LoaderKind, GitHubLogin)] = [
      ("/orgs/RedMadRobot", .owner, "RedMadRobot"), ("/users/alice", .owner, "alice"),
      ("/users/alice/repos?page=1", .repositories, "alice"),
      ("/orgs/RedMadRobot", .owner, "RedMadRobot"),
    ]
    for (index, (path, loader, owner)) in requests.enumerated() {
      let record = RequestRecord(
        id: index, method: "GET", path: path, loader: loader, phase: .sent, owner: owner)
      _ = update(&state, .request(record))
    }
    XCTAssertEqual(state.inspector.counts[.owner("redmadrobot")]?.sent, 2)
    XCTAssertTrue(
      InspectorView.table(state)[1].contains("   2    2    0"), InspectorView.table(state)[1])
    state.ownerLogin = "alice"
    XCTAssertTrue(
      InspectorView.table(state)[1].contains("   1    1    0"), InspectorView.table(state)[1])
    XCTAssertTrue(
      InspectorView.table(state)[2].contains("   1    1    0"), InspectorView.table(state)[2])
  }
}
