import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering

/// The inspector lists the loaders kept by key: every owner kept, most recent first, the one
/// shown marked, the detail loaders, and what each store let go of.
final class InspectorKeptTests: XCTestCase {
  func testKeptOwnersAndDetailsWithTheShownOneMarkedAndTheDropped() {
    var state = Fixture.loaded(columns: 100, rows: 40)
    state.org = "alice"
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
}
